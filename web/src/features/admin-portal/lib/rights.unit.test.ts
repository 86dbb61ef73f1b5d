import { describe, expect, test } from 'vitest';

import { portalRights } from './rights';

describe('portal rights by role (seed 001 §6)', () => {
  test('admin1 only reads', () => {
    expect(portalRights('admin1')).toEqual({ edit: false, delete: false, foreverDatabase: false, restore: false });
  });
  test('admin2 edits but neither deletes nor sees the Forever Database', () => {
    expect(portalRights('admin2')).toEqual({ edit: true, delete: false, foreverDatabase: false, restore: false });
  });
  test('admin3 deletes and sees the Forever Database but cannot restore', () => {
    expect(portalRights('admin3')).toEqual({ edit: true, delete: true, foreverDatabase: true, restore: false });
  });
  test('the master admin does everything, restoring included', () => {
    expect(portalRights('master_admin')).toEqual({ edit: true, delete: true, foreverDatabase: true, restore: true });
  });
});
