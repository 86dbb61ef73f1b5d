// GET /api/titles/user: the signed-in user's registrations, for the dashboard list and My documents.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserTitle } from '@titleledger/api/schemas';

import { apiRequest } from '@/lib/api-client';

function text(row: Record<string, unknown>, ...names: string[]): string {
  for (const name of names) {
    const value = row[name];
    if (typeof value === 'string') return value;
  }
  return '';
}

/** Rows are read field by field, in either spelling, so one odd row cannot blank the list. */
function toUserTitle(value: unknown): UserTitle {
  const row = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  return {
    tr_number: text(row, 'tr_number', 'trNumber'),
    title: text(row, 'title'),
    registrant_name: text(row, 'registrant_name', 'registrantName'),
    material_type: text(row, 'material_type', 'materialType'),
    intended_medium: text(row, 'intended_medium', 'intendedMedium'),
    registration_date: text(row, 'registration_date', 'registrationDate', 'created_at', 'createdAt'),
    status: text(row, 'status'),
    cryptographic_hash: text(row, 'cryptographic_hash', 'cryptographicHash'),
    file_content_hash: text(row, 'file_content_hash', 'fileContentHash'),
  };
}

async function getUserTitles(): Promise<UserTitle[]> {
  const response = await apiRequest('GET', '/api/titles/user');
  const body: unknown = await response.json();
  return Array.isArray(body) ? body.map(toUserTitle) : [];
}

export const userTitlesQueryOptions = () => queryOptions({ queryKey: ['/api/titles/user'], queryFn: getUserTitles });

/** `retry` is the documents screen's single retry (seed 000 §7); the dashboard takes the default. */
export function useUserTitles({ retry }: { retry?: number } = {}) {
  return useQuery({ ...userTitlesQueryOptions(), ...(retry !== undefined ? { retry } : {}) });
}
