// docker-compose.yml cannot be started here (no Docker engine), so it is read: with the .env that
// `npm run keys` writes, every service that runs a TitleLedger process gets each setting its process
// needs in production (PRODUCTION_SETTINGS in api/src/config.ts, the list each main.ts enforces) and a
// configuration that loads; each service gets no setting its program does not read (PROGRAM_SETTINGS),
// so a secret reaches only the containers that use it; every optional setting docs/operations.md tells
// operators to set reaches, from .env, the services that read it; no secret is written in the file itself.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig, PRODUCTION_SETTINGS, PROGRAM_SETTINGS, SECRET_SETTINGS, type ProcessRole } from '@titleledger/api/runtime';
import { registryKeyFromPem } from '@titleledger/api/transparency';
import { generateKeys } from '../../scripts/keys.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const composeText = readFileSync(path.join(root, 'docker-compose.yml'), 'utf8');
const readmeText = readFileSync(path.join(root, 'README.md'), 'utf8');
const operationsText = readFileSync(path.join(root, 'docs/operations.md'), 'utf8');

interface Service {
  command?: string[];
  readonly environment?: Record<string, string | number>;
  readonly depends_on?: Record<string, { condition: string }>;
  readonly volumes?: readonly string[];
  readonly deploy?: { replicas?: number };
  readonly profiles?: readonly string[];
}
interface Compose {
  readonly services: Record<string, Service>;
}

/** Compose's interpolation: ${NAME}, ${NAME:-default}, ${NAME:?error}, and $$ for a literal $. */
function interpolate(value: string, dotenv: Record<string, string>): string {
  return value.replace(/\$\$|\$\{([A-Z0-9_]+)(?::([-?])([^}]*))?\}/g, (match, name?: string, op?: string, arg?: string) => {
    if (match === '$$') return '$';
    const set = dotenv[name!];
    if (set !== undefined && set !== '') return set;
    if (op === '?') throw new Error(`${name}: ${arg}`);
    return op === '-' ? arg! : '';
  });
}

function load(text: string, dotenv: Record<string, string>): Compose {
  const compose = parse(text, { merge: true }) as Compose;
  for (const service of Object.values(compose.services)) {
    const env = service.environment ?? {};
    for (const [name, value] of Object.entries(env)) env[name] = interpolate(String(value), dotenv);
    if (service.command) service.command = service.command.map((part) => interpolate(part, dotenv));
  }
  return compose;
}

const ROLES: Record<string, ProcessRole> = {
  'api/dist/main.js': 'api',
  'projections/dist/main.js': 'projections',
  'ledger/dist/main.js': 'ledger',
};

type Program = keyof typeof PROGRAM_SETTINGS;

/** The TitleLedger program a service runs (its command), or null for the others (Postgres, the chain…). */
function programOf(service: Service): Program | null {
  // deploy-registry runs the chain command through a shell: `cli.js check || cli.js deploy …`.
  if (service.command?.some((part) => part.includes('ledger/dist/chain/cli.js'))) return 'deploy-registry';
  const script = service.command?.find((part) => part in ROLES);
  return script ? ROLES[script]! : null;
}

/** Each setting a service of `compose` is given that its program does not read, as messages. */
function unreadSettings(compose: Compose): string[] {
  return Object.entries(compose.services).flatMap(([name, service]) => {
    const program = programOf(service);
    if (!program) return [];
    const reads: readonly string[] = PROGRAM_SETTINGS[program];
    return Object.keys(service.environment ?? {})
      .filter((setting) => !reads.includes(setting))
      .map((setting) => `${name}: ${setting}, which ${program} does not read`);
  });
}

/** The configuration the process of `service` loads from its environment. */
const configOf = (compose: Compose, service: string) =>
  loadConfig(Object.fromEntries(Object.entries(compose.services[service]!.environment!).map(([k, v]) => [k, String(v)])));

/** The services of `compose` given `setting`, in the file's order. */
const servicesGiven = (compose: Compose, setting: string) =>
  Object.entries(compose.services)
    .filter(([, service]) => service.environment?.[setting] !== undefined)
    .map(([name]) => name);

/** What `check || deploy` needs (ledger/src/chain/cli.ts): the chain, the registry there, its owner's key, the key it binds. */
const DEPLOY_NEEDS = ['CHAIN_RPC_URL', 'ANCHOR_CONTRACT', 'ANCHOR_PRIVATE_KEY', 'REGISTRY_SIGNING_KEY'] as const;

/** What stops each TitleLedger service of `compose` from starting in production, as messages. */
function productionProblems(compose: Compose): string[] {
  const problems: string[] = [];
  for (const [name, service] of Object.entries(compose.services)) {
    const program = programOf(service);
    if (!program) continue;
    const env = Object.fromEntries(Object.entries(service.environment ?? {}).map(([k, v]) => [k, String(v)]));
    if (env.NODE_ENV !== 'production') problems.push(`${name}: NODE_ENV is not production`);
    let config;
    try {
      config = loadConfig(env);
    } catch (error) {
      problems.push(`${name}: ${(error as Error).message}`);
      continue;
    }
    const needs = program === 'deploy-registry' ? DEPLOY_NEEDS : PRODUCTION_SETTINGS[program];
    for (const setting of needs) {
      if (config[setting] === undefined) problems.push(`${name} (${program}): ${setting} is not set`);
    }
    if (config.REGISTRY_SIGNING_KEY) {
      try {
        registryKeyFromPem(config.REGISTRY_SIGNING_KEY.replaceAll('\\n', '\n'));
      } catch (error) {
        problems.push(`${name}: REGISTRY_SIGNING_KEY: ${(error as Error).message}`);
      }
    }
    if (config.DATABASE_URL && !(new URL(config.DATABASE_URL).hostname in compose.services)) {
      problems.push(`${name}: DATABASE_URL names no service`);
    }
    if (program === 'deploy-registry') continue;
    if (!service.depends_on?.postgres) problems.push(`${name}: does not wait for postgres`);
    if (program === 'ledger' && !service.depends_on?.['deploy-registry']) problems.push(`${name}: does not wait for the registry's deployment`);
  }
  return problems;
}

describe('docker-compose.yml', () => {
  const dotenv = generateKeys();

  it('gives every TitleLedger service what its process needs in production, from the .env of `npm run keys`', () => {
    const compose = load(composeText, dotenv);
    expect(productionProblems(compose)).toEqual([]);
    const roles = Object.values(compose.services).flatMap((s) => s.command?.filter((p) => p in ROLES) ?? []);
    expect(roles.sort()).toEqual(['api/dist/main.js', 'ledger/dist/main.js', 'projections/dist/main.js']);
    // Every replica shares one server key and one registry key: they come from the .env, not per container.
    const api = compose.services.api!.environment!;
    expect(api.SECRET_KEY).toBe(dotenv.SECRET_KEY);
    expect(compose.services.projections!.environment!.SECRET_KEY).toBe(api.SECRET_KEY);
    expect(compose.services.projections!.environment!.REGISTRY_SIGNING_KEY).toBe(api.REGISTRY_SIGNING_KEY);
    expect(compose.services.ledger!.deploy?.replicas).toBe(2);
  });

  it('gives each service only the settings its program reads, so a secret reaches only the containers that use it', () => {
    const compose = load(composeText, dotenv);
    expect(unreadSettings(compose)).toEqual([]);
    // Who holds what, spelled out (docs/operations.md, "Run"): the anchorer's hot key never reaches the
    // internet-facing api, nor Stripe's or the mail server's credentials the ledger or the projections;
    // the ledger holds neither the server key nor the registry key.
    expect(Object.fromEntries(SECRET_SETTINGS.map((setting) => [setting, servicesGiven(compose, setting)]))).toEqual({
      SECRET_KEY: ['api', 'projections'],
      SECRET_KEY_PREVIOUS: ['api', 'projections'],
      REGISTRY_SIGNING_KEY: ['deploy-registry', 'api', 'projections'],
      ANCHOR_PRIVATE_KEY: ['deploy-registry', 'ledger'],
      STRIPE_SECRET_KEY: ['api'],
      STRIPE_WEBHOOK_SECRET: ['api'],
      MASTER_ADMIN_PASSWORD: [],
      DATABASE_URL: ['api', 'projections', 'ledger'],
      EVENTSTORE_URL: ['api', 'projections', 'ledger'],
      SMTP_URL: ['api'],
      CHAIN_RPC_URL: ['deploy-registry', 'api', 'ledger'],
    });
    // The projections sign the log's checkpoints under the origin of the address the api serves.
    expect(compose.services.projections!.environment!.PUBLIC_URL).toBe(compose.services.api!.environment!.PUBLIC_URL);
  });

  it('would be caught giving a service a setting its program does not read (the check can fail)', () => {
    const compose = load(composeText, dotenv);
    compose.services.api!.environment!.ANCHOR_PRIVATE_KEY = dotenv.ANCHOR_PRIVATE_KEY!;
    compose.services.projections!.environment!.STRIPE_SECRET_KEY = 'sk_live_example';
    expect(unreadSettings(compose)).toEqual([
      'api: ANCHOR_PRIVATE_KEY, which api does not read',
      'projections: STRIPE_SECRET_KEY, which projections does not read',
    ]);
  });

  it('would be caught missing a production setting (the check can fail)', () => {
    const withoutContract = composeText.replace(/^ {4}ANCHOR_CONTRACT:.*\n/m, '');
    expect(withoutContract).not.toBe(composeText);
    expect(productionProblems(load(withoutContract, dotenv))).toEqual([
      'deploy-registry (deploy-registry): ANCHOR_CONTRACT is not set',
      'ledger (ledger): ANCHOR_CONTRACT is not set',
    ]);
    const withoutKey = composeText.replace(/^ {4}SECRET_KEY:.*\n/m, '');
    expect(productionProblems(load(withoutKey, dotenv))).toEqual(
      ['api (api)', 'projections (projections)'].map((s) => `${s}: SECRET_KEY is not set`),
    );
  });

  it('keeps the Postgres password and every key out of the file: without the .env it refuses to start', () => {
    for (const name of ['POSTGRES_PASSWORD', 'SECRET_KEY', 'REGISTRY_SIGNING_KEY', 'ANCHOR_PRIVATE_KEY', 'ANCHOR_CONTRACT', 'CHAIN_MNEMONIC']) {
      expect(composeText).toContain(`\${${name}:?`);
      expect(composeText).not.toContain(dotenv[name]!);
    }
    expect(() => load(composeText, {})).toThrow(/run npm run keys first/);
    const compose = load(composeText, dotenv);
    expect(compose.services.postgres!.environment!.POSTGRES_PASSWORD).toBe(dotenv.POSTGRES_PASSWORD);
    expect(new URL(String(compose.services.api!.environment!.DATABASE_URL)).password).toBe(dotenv.POSTGRES_PASSWORD);
  });

  it('runs a chain whose state survives a restart, funds the anchorer, and deploys the registry once before the ledger starts', () => {
    const compose = load(composeText, dotenv);
    const chain = compose.services.chain!;
    const command = (chain.command ?? []).join(' ');
    expect(command).toMatch(/--state=\/var\/lib\/anvil\/state\.json/);
    expect(chain.volumes).toContain('chain-data:/var/lib/anvil');
    expect(command).toContain(`--mnemonic=${dotenv.CHAIN_MNEMONIC}`);
    const deploy = compose.services['deploy-registry']!;
    expect(deploy.command?.join(' ')).toMatch(/cli\.js check \|\| node ledger\/dist\/chain\/cli\.js deploy --rpc/);
    expect(deploy.environment?.ANCHOR_PRIVATE_KEY).toBe(dotenv.ANCHOR_PRIVATE_KEY);
    for (const name of ['api', 'projections', 'ledger']) {
      expect(compose.services[name]!.depends_on?.['deploy-registry']).toEqual({ condition: 'service_completed_successfully' });
    }
    // The log stays in Postgres unless EVENTSTORE_URL is set; EventStoreDB only starts with its profile.
    expect(compose.services.api!.environment!.EVENTSTORE_URL).toBe('');
    expect(compose.services.eventstore!.profiles).toEqual(['esdb']);
  });

  describe('the settings docs/operations.md tells operators to set ("Run")', () => {
    /** Each setting of the README's table (its first column) that operations.md's "Run" section names. */
    const settings = new Set([...readmeText.matchAll(/^\| (`[A-Z][A-Z0-9_]+`(?:, `[A-Z][A-Z0-9_]+`)*) \|/gm)].flatMap((m) => m[1]!.match(/[A-Z][A-Z0-9_]+/g)!));
    const run = /^## Run\n([\s\S]*?)^## /m.exec(operationsText)![1]!;
    const named = [...new Set([...run.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]!))].filter((name) => settings.has(name));
    // The compose file sets these itself: the api's address inside its container, the database service.
    const setByCompose = ['PORT', 'HOST', 'DATABASE_URL'];
    /** A value for each, as an operator would add it to the .env of `npm run keys`. */
    const operatorValues: Record<string, string> = {
      PUBLIC_URL: 'https://titles.example.com',
      CHAIN_RPC_URL: 'https://rpc.chain.example.com',
      EVENTSTORE_URL: 'esdb://eventstore:2113?tls=false',
      SMTP_URL: 'smtps://mailer:mail-password@mail.example.com:465',
      MAIL_FROM: 'Titles <titles@example.com>',
      SUPPORT_TEAM_EMAIL: 'support@example.com',
      STRIPE_SECRET_KEY: 'sk_live_example',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_example',
      STRIPE_WEBHOOK_SECRET: 'whsec_example',
      REGISTRATION_FEE_CENTS: '1500',
      TRUST_PROXY: '10.0.0.0/8',
      ADMIN_MENU_EMAILS: 'staff@example.com',
      CHAIN_PUBLIC_RPC_URL: 'https://public-rpc.example.com',
      LEDGER_CONFIRMATIONS: '12',
    };

    it('are found: the section names the settings of a public deployment', () => {
      expect(named).toEqual(expect.arrayContaining(['SECRET_KEY', 'SMTP_URL', 'STRIPE_SECRET_KEY', 'TRUST_PROXY', 'CHAIN_PUBLIC_RPC_URL', 'LEDGER_CONFIRMATIONS']));
    });

    it('reach from .env each service whose program reads them, and load; left out of .env, they are unset (their defaults)', () => {
      const dotenv = { ...generateKeys(), ...operatorValues };
      const compose = load(composeText, dotenv);
      const passed = named.filter((name) => !setByCompose.includes(name));
      expect(passed.filter((name) => dotenv[name] === undefined)).toEqual([]);
      const lost = Object.entries(compose.services).flatMap(([service, definition]) => {
        const program = programOf(definition);
        const reads: readonly string[] = program ? PROGRAM_SETTINGS[program] : [];
        const environment = definition.environment ?? {};
        return passed.filter((name) => reads.includes(name) && environment[name] !== dotenv[name]).map((name) => `${service}: ${name}`);
      });
      expect(lost).toEqual([]);
      expect(unreadSettings(compose)).toEqual([]);
      expect(productionProblems(compose)).toEqual([]);
      expect(configOf(compose, 'api')).toMatchObject({ SMTP_URL: operatorValues.SMTP_URL, STRIPE_SECRET_KEY: 'sk_live_example', TRUST_PROXY: ['10.0.0.0/8'] });
      expect(configOf(compose, 'ledger')).toMatchObject({ LEDGER_CONFIRMATIONS: 12, CHAIN_RPC_URL: operatorValues.CHAIN_RPC_URL });
      expect(configOf(compose, 'projections')).toMatchObject({ PUBLIC_URL: operatorValues.PUBLIC_URL });

      // Each is then an empty value (`${VAR:-}`), which must load as unset, not be refused.
      const bare = load(composeText, generateKeys());
      expect(productionProblems(bare)).toEqual([]);
      expect(configOf(bare, 'api')).toMatchObject({ SMTP_URL: undefined, STRIPE_SECRET_KEY: undefined, REGISTRATION_FEE_CENTS: 999, TRUST_PROXY: [] });
      expect(configOf(bare, 'ledger')).toMatchObject({ LEDGER_CONFIRMATIONS: 1, CHAIN_PUBLIC_RPC_URL: undefined });
    });

  });
});
