// MASTER_ADMIN_EMAIL / MASTER_ADMIN_PASSWORD: both or neither, a real address; no default admin.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';

describe('MASTER_ADMIN_* configuration', () => {
  it('has no default admin', () => {
    const config = loadConfig({});
    expect(config.MASTER_ADMIN_EMAIL).toBeUndefined();
    expect(config.MASTER_ADMIN_PASSWORD).toBeUndefined();
  });

  it('takes the pair', () => {
    expect(loadConfig({ MASTER_ADMIN_EMAIL: 'boss@example.com', MASTER_ADMIN_PASSWORD: 'long enough' })).toMatchObject({
      MASTER_ADMIN_EMAIL: 'boss@example.com',
      MASTER_ADMIN_PASSWORD: 'long enough',
    });
  });

  it('names the missing half and a malformed address', () => {
    expect(() => loadConfig({ MASTER_ADMIN_EMAIL: 'boss@example.com' })).toThrow(/MASTER_ADMIN_PASSWORD: set MASTER_ADMIN_EMAIL and MASTER_ADMIN_PASSWORD together/);
    expect(() => loadConfig({ MASTER_ADMIN_PASSWORD: 'long enough' })).toThrow(/MASTER_ADMIN_EMAIL: set/);
    expect(() => loadConfig({ MASTER_ADMIN_EMAIL: 'not an address', MASTER_ADMIN_PASSWORD: 'long enough' })).toThrow(ConfigError);
    expect(() => loadConfig({ MASTER_ADMIN_EMAIL: 'not an address', MASTER_ADMIN_PASSWORD: 'long enough' })).toThrow(/MASTER_ADMIN_EMAIL: must be an e-mail address/);
  });

  it('refuses a password under the staff policy, so the start stops before anything runs', () => {
    expect(() => loadConfig({ MASTER_ADMIN_EMAIL: 'boss@example.com', MASTER_ADMIN_PASSWORD: 'short' })).toThrow(
      /MASTER_ADMIN_PASSWORD: must be at least 8 characters.*\(got \[redacted\]\)/,
    );
  });
});
