// Configuration: safe defaults, bad values named, and the security-relevant switches (the dev outbox
// only on request and never in production, the trusted proxies spelled out, SMTP given as a URL).
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, PRODUCTION_SETTINGS, PROGRAM_SETTINGS, requireProductionSettings, SECRET_SETTINGS, SETTING_NAMES } from './config.js';

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

describe('an empty setting is unset (`PORT=` in an env file, `${VAR:-}` in docker-compose.yml)', () => {
  it('gives the default, never 0 (PORT=0 would listen on a random port)', () => {
    const config = loadConfig({ PORT: '', PROJECTION_WAIT_MS: ' ', STRIPE_API_PORT: '' });
    expect(config.PORT).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.PROJECTION_WAIT_MS).toBe(3000);
    expect(config.STRIPE_API_PORT).toBeUndefined();
  });

  it('applies to every optional setting docker-compose.yml passes through, and still refuses a bad value', () => {
    const empty = {
      REGISTRATION_FEE_CENTS: '',
      LEDGER_CONFIRMATIONS: '',
      MAIL_FROM: '',
      SMTP_URL: '',
      TRUST_PROXY: '',
      CHAIN_PUBLIC_RPC_URL: '',
      SUPPORT_TEAM_EMAIL: '',
      ADMIN_MENU_EMAILS: '',
      STRIPE_SECRET_KEY: '',
      STRIPE_PUBLISHABLE_KEY: '',
      STRIPE_WEBHOOK_SECRET: '',
      PUBLIC_URL: '',
      REGISTRY_SIGNING_KEY: '',
      WEB_DIST: '',
      STRIPE_API_PROTOCOL: '',
      LEDGER_EMBEDDED_CHAIN_HANG_SECONDS: '',
    };
    expect(loadConfig(empty)).toMatchObject({
      REGISTRATION_FEE_CENTS: 999,
      LEDGER_CONFIRMATIONS: 1,
      MAIL_FROM: 'TitleLedger <no-reply@titleledger.local>',
      SMTP_URL: undefined,
      TRUST_PROXY: [],
      CHAIN_PUBLIC_RPC_URL: undefined,
      SUPPORT_TEAM_EMAIL: undefined,
      ADMIN_MENU_EMAILS: [],
      STRIPE_SECRET_KEY: undefined,
      STRIPE_PUBLISHABLE_KEY: undefined,
      STRIPE_WEBHOOK_SECRET: undefined,
      PUBLIC_URL: undefined,
      REGISTRY_SIGNING_KEY: undefined,
      WEB_DIST: undefined,
      STRIPE_API_PROTOCOL: undefined,
      LEDGER_EMBEDDED_CHAIN_HANG_SECONDS: 30,
    });
    expect(() => loadConfig({ PORT: '0x' })).toThrow(/PORT/);
    expect(() => loadConfig({ LEDGER_CONFIRMATIONS: '0' })).toThrow(/LEDGER_CONFIRMATIONS/);
  });

  it('masks the credentials of a refused URL setting in the message, typos included', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://app:hunter2hunter2@db:3306/x' })).toThrow(/got "mysql:\/\/\*\*\*@db:3306\/x"/);
    for (const [name, value] of [
      ['DATABASE_URL', 'mysql://app:hunter2hunter2@db:3306/x'],
      ['DATABASE_URL', 'postgresql//u:hunter2@h/db'],
      ['DATABASE_URL', 'postgres:/u:hunter2@host/db'],
      ['DATABASE_URL', 'postgress://u:pa/hunter2@host/db'],
      ['SMTP_URL', 'smtp//user:hunter2@mail'],
    ] as const) {
      expect(() => loadConfig({ [name]: value }), value).toThrow(new RegExp(`^Invalid configuration:[\\s\\S]*${name}:`));
      expect(() => loadConfig({ [name]: value }), value).not.toThrow(/hunter2/);
    }
  });
});

describe('PUBLIC_URL', () => {
  it('is an http:// or https:// address', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://titles.example.com' }).publicUrl).toBe('https://titles.example.com');
    for (const bad of ['localhost:3981', 'javascript:alert(1)', 'foo:bar', 'ftp://example.com', 'http://']) {
      expect(() => loadConfig({ PUBLIC_URL: bad }), bad).toThrow(/PUBLIC_URL: /);
    }
  });

  it('is by default the address the app listens on, localhost when it listens on every address', () => {
    expect(loadConfig({ HOST: '127.0.0.1', PORT: '3981' }).publicUrl).toBe('http://127.0.0.1:3981');
    expect(loadConfig({ HOST: '::1', PORT: '3981' }).publicUrl).toBe('http://[::1]:3981');
    expect(loadConfig({ HOST: '0.0.0.0', PORT: '3981' }).publicUrl).toBe('http://localhost:3981');
    expect(loadConfig({ HOST: '::', PORT: '3981' }).publicUrl).toBe('http://localhost:3981');
    expect(loadConfig({ HOST: '127.0.0.1', PORT: '3981', PUBLIC_URL: 'https://titles.example.com' }).publicUrl).toBe('https://titles.example.com');
  });
});

describe('REGISTRY_SIGNING_KEY', () => {
  const pem = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();

  it('stops the start naming the variable and why, never printing the key; takes an Ed25519 PKCS#8 PEM, on lines or with \\n', () => {
    expect(loadConfig({ REGISTRY_SIGNING_KEY: pem }).REGISTRY_SIGNING_KEY).toBe(pem.trim());
    const oneLine = pem.trim().replaceAll('\n', '\\n');
    expect(loadConfig({ REGISTRY_SIGNING_KEY: oneLine }).REGISTRY_SIGNING_KEY).toBe(oneLine);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const body = pem.split('\n')[1]!;
    const cases: [string, RegExp][] = [
      ['garbage', /REGISTRY_SIGNING_KEY: not an Ed25519 private key in PKCS#8 PEM \(no -----BEGIN PRIVATE KEY----- line\)/],
      ['-----BEGIN PRIVATE KEY-----', /REGISTRY_SIGNING_KEY: not an Ed25519 private key in PKCS#8 PEM \(no -----END PRIVATE KEY----- line: .*one line/],
      [rsa, /REGISTRY_SIGNING_KEY: not an Ed25519 private key in PKCS#8 PEM \(a rsa key\)/],
      [pem.replace(body, body.slice(0, -4)), /REGISTRY_SIGNING_KEY: not an Ed25519 private key in PKCS#8 PEM \(unreadable: /],
    ];
    for (const [value, message] of cases) {
      let error: unknown;
      try {
        loadConfig({ REGISTRY_SIGNING_KEY: value });
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).toContain('[redacted]');
      expect((error as Error).message).not.toContain(body.slice(0, 16));
    }
  });
});

describe('PROGRAM_SETTINGS', () => {
  const programs = Object.keys(PROGRAM_SETTINGS) as (keyof typeof PROGRAM_SETTINGS)[];

  it('places every setting with the programs that read it', () => {
    const read = new Set(programs.flatMap((program) => PROGRAM_SETTINGS[program]));
    expect(SETTING_NAMES.filter((name) => !read.has(name))).toEqual([]);
  });

  it("holds each process's production settings", () => {
    for (const role of Object.keys(PRODUCTION_SETTINGS) as (keyof typeof PRODUCTION_SETTINGS)[]) {
      expect(PROGRAM_SETTINGS[role]).toEqual(expect.arrayContaining([...PRODUCTION_SETTINGS[role]]));
    }
  });

  it("refuses a production projections process without PUBLIC_URL: the log's first checkpoint would fix a default origin for good", () => {
    const production = {
      NODE_ENV: 'production',
      SECRET_KEY: 'ab'.repeat(32),
      DATABASE_URL: 'postgres://titleledger@db.example.test:5432/titleledger',
      REGISTRY_SIGNING_KEY: generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    };
    expect(() => requireProductionSettings(loadConfig(production), 'projections')).toThrow(
      /PUBLIC_URL: required in production for the projections process/,
    );
    expect(() => requireProductionSettings(loadConfig({ ...production, PUBLIC_URL: 'https://titles.example.test' }), 'projections')).not.toThrow();
  });

  it('gives the anchorer key to the ledger and the deployment only, payments and mail secrets to the api only', () => {
    const readers = (setting: (typeof SECRET_SETTINGS)[number]) => programs.filter((p) => (PROGRAM_SETTINGS[p] as readonly string[]).includes(setting));
    expect(readers('ANCHOR_PRIVATE_KEY')).toEqual(['ledger', 'deploy-registry']);
    for (const setting of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'SMTP_URL', 'MASTER_ADMIN_PASSWORD'] as const) {
      expect(readers(setting)).toEqual(['api']);
    }
  });
});
