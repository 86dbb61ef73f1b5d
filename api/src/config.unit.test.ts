// Configuration: safe defaults, bad values named, and the security-relevant switches (the dev outbox
// only on request and never in production, the trusted proxies spelled out, SMTP given as a URL).
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('gives safe defaults for the embedded run', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.EVENTSTORE_URL).toBeUndefined();
    expect(config.dataDir).toMatch(/data$/);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.DATABASE_PREPARED_STATEMENTS).toBe('on');
  });

  it('stops on a bad value, naming the variable and the value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT: .*"eighty"/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must start with postgres/);
    expect(() => loadConfig({ EVENTSTORE_URL: 'http://x' })).toThrow(/EVENTSTORE_URL/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
    expect(() => loadConfig({ DATABASE_PREPARED_STATEMENTS: 'no' })).toThrow(/DATABASE_PREPARED_STATEMENTS: must be on or off/);
  });

  it('treats an empty optional URL as unset', () => {
    expect(loadConfig({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });
});

describe('DEV_OUTBOX', () => {
  it('is off unless set to 1', () => {
    expect(loadConfig({}).DEV_OUTBOX).toBe(false);
    expect(loadConfig({ DEV_OUTBOX: '0' }).DEV_OUTBOX).toBe(false);
    expect(loadConfig({ DEV_OUTBOX: '1' }).DEV_OUTBOX).toBe(true);
    expect(() => loadConfig({ DEV_OUTBOX: 'yes' })).toThrow(/DEV_OUTBOX: must be 1 \(on\) or 0 \(off\)/);
  });

  it('refuses to start in production with the outbox on', () => {
    const env = { NODE_ENV: 'production', DEV_OUTBOX: '1' } as const;
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(/DEV_OUTBOX: must not be set in production/);
  });
});

describe('TRUST_PROXY', () => {
  it('trusts no proxy by default', () => {
    expect(loadConfig({}).TRUST_PROXY).toEqual([]);
  });

  it('takes addresses, CIDR blocks and proxy-addr names', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,::1,fd00::/8,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('names what it cannot read', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: .*: true/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/10\.0\.0\.0\/33/);
    expect(() => loadConfig({ TRUST_PROXY: '*' })).toThrow(/TRUST_PROXY/);
  });
});

describe('SMTP_URL', () => {
  it('is an smtp:// or smtps:// URL', () => {
    expect(loadConfig({ SMTP_URL: 'smtps://user:pass@mail.example.com:465' }).SMTP_URL).toBe('smtps://user:pass@mail.example.com:465');
    expect(loadConfig({}).SMTP_URL).toBeUndefined();
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.com' })).toThrow(/SMTP_URL: must start with smtp:\/\/ or smtps:\/\//);
  });
});
