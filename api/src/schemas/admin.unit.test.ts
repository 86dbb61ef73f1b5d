// The admin portal's shared schemas: the messages a person acts on, paging bounds, ids, and the two
// shapes of a verification answer.
import { describe, expect, it } from 'vitest';
import {
  ADMIN_MESSAGES,
  adminDeleteRequestSchema,
  adminRegistrationCorrectionRequestSchema,
  adminTitleIdParamsSchema,
  adminUserUpdateRequestSchema,
  adminUsersQuerySchema,
  titleVerificationSchema,
} from './admin.js';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('admin schemas', () => {
  it('a deletion needs a reason: missing body, missing field, blank and too short all say so', () => {
    for (const body of [undefined, {}, { reason: '   ' }, { reason: 'no' }]) {
      expect(firstMessage(adminDeleteRequestSchema.safeParse(body)), JSON.stringify(body)).toBe(ADMIN_MESSAGES.reasonRequired);
    }
    expect(adminDeleteRequestSchema.parse({ reason: '  Duplicate filing ' })).toEqual({ reason: 'Duplicate filing' });
  });

  it('an edit must change something and give a reason', () => {
    expect(firstMessage(adminUserUpdateRequestSchema.safeParse({ reason: 'Because' }))).toBe(ADMIN_MESSAGES.nothingToChange);
    expect(firstMessage(adminRegistrationCorrectionRequestSchema.safeParse({ reason: 'Because' }))).toBe(ADMIN_MESSAGES.nothingToChange);
    expect(firstMessage(adminRegistrationCorrectionRequestSchema.safeParse({ title: 'New' }))).toBe(ADMIN_MESSAGES.reasonRequired);
    expect(firstMessage(adminUserUpdateRequestSchema.safeParse({ zipCode: '12', reason: 'Moved' }))).toBe('Valid zip code is required');
  });

  it('pages from 1 with 25 rows by default, at most 100', () => {
    expect(adminUsersQuerySchema.parse({})).toEqual({ page: 1, pageSize: 25 });
    expect(adminUsersQuerySchema.parse({ page: '3', pageSize: '100', q: ' ada ' })).toEqual({ page: 3, pageSize: 100, q: 'ada' });
    expect(firstMessage(adminUsersQuerySchema.safeParse({ pageSize: '101' }))).toMatch(/from 1 to 100/);
    expect(firstMessage(adminUsersQuerySchema.safeParse({ page: '0' }))).toMatch(/from 1/);
  });

  it("a registration's id is its TR number, upper-cased", () => {
    expect(adminTitleIdParamsSchema.parse({ id: 'tr-copy-2026-ab12cd34' })).toEqual({ id: 'TR-COPY-2026-AB12CD34' });
    expect(adminTitleIdParamsSchema.safeParse({ id: '../etc' }).success).toBe(false);
  });

  it('verification is either the public fields or the archived answer, told apart by `archived`', () => {
    const hashes = { cryptographic_hash: 'a'.repeat(64), file_content_hash: 'b'.repeat(64) };
    const archived = {
      archived: true,
      tr_number: 'TR-COPY-2026-AB12CD34',
      status: 'archived',
      registration_date: '2026-01-01T00:00:00.000Z',
      anchored: true,
      archived_at: '2026-02-01T00:00:00.000Z',
      message: 'archived',
      ...hashes,
    };
    expect(titleVerificationSchema.parse(archived)).toEqual(archived);
    expect(titleVerificationSchema.safeParse({ ...archived, archived: false }).success).toBe(false);
  });
});
