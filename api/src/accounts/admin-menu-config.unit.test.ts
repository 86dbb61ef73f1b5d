// ADMIN_MENU_EMAILS: the designated accounts whose side menu offers the Admin Portal link (seed 000 §2).
// Nobody by default; at most two real addresses, kept as the accounts compare them.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';

describe('ADMIN_MENU_EMAILS configuration', () => {
  it('names nobody by default, or when empty', () => {
    expect(loadConfig({}).ADMIN_MENU_EMAILS).toEqual([]);
    expect(loadConfig({ ADMIN_MENU_EMAILS: ' , ' }).ADMIN_MENU_EMAILS).toEqual([]);
  });

  it('takes one or two addresses, trimmed and lower-cased', () => {
    expect(loadConfig({ ADMIN_MENU_EMAILS: ' Ada@Example.com ' }).ADMIN_MENU_EMAILS).toEqual(['ada@example.com']);
    expect(loadConfig({ ADMIN_MENU_EMAILS: 'ada@example.com, GRACE@example.org' }).ADMIN_MENU_EMAILS).toEqual(['ada@example.com', 'grace@example.org']);
    expect(loadConfig({ ADMIN_MENU_EMAILS: 'ada@example.com,ADA@example.com' }).ADMIN_MENU_EMAILS).toEqual(['ada@example.com']);
  });

  it('refuses a third address and anything that is not an address, naming the variable', () => {
    expect(() => loadConfig({ ADMIN_MENU_EMAILS: 'a@example.com,b@example.com,c@example.com' })).toThrow(ConfigError);
    expect(() => loadConfig({ ADMIN_MENU_EMAILS: 'a@example.com,b@example.com,c@example.com' })).toThrow(/ADMIN_MENU_EMAILS: at most 2 addresses/);
    expect(() => loadConfig({ ADMIN_MENU_EMAILS: 'a@example.com;b@example.com' })).toThrow(/ADMIN_MENU_EMAILS: not an e-mail address/);
  });
});
