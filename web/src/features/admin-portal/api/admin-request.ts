// The portal's reads and writes: every reply is parsed with the route's own schema from
// @titleledger/api/schemas, so a server that drifts from the contract fails loudly here instead of
// drawing wrong numbers. Every query key starts with ADMIN_PORTAL_KEY (`@/lib/admin-portal-key`) so a
// write can refresh them all.
import type { z } from 'zod';

import { apiRequest, type HttpMethod } from '@/lib/api-client';

/** A path with its query string; empty and undefined values are left out. */
export function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

export async function adminRequest<Schema extends z.ZodType>(schema: Schema, method: HttpMethod, path: string, body?: unknown): Promise<z.infer<Schema>> {
  const response = await apiRequest(method, path, body);
  return schema.parse(await response.json());
}
