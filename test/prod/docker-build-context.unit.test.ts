// The Docker image (Dockerfile) is built from `COPY . .`, so what .dockerignore lets through ends up in
// every image. No Docker engine runs here, so the file is read with @balena/dockerignore (a port of
// Docker's own matcher): no secret file, no git history and no stale build state reaches the context,
// every file git tracks (what the build needs) does, and the image's build compiles everything again.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import dockerignore from '@balena/dockerignore';
import { describe, expect, it } from 'vitest';
import { tscArgs } from '../../scripts/lib.mjs';
import { VERIFIER_BUNDLE } from '../../scripts/bundle-verifier.mjs';
import { VERIFIER_BUNDLE as SERVED_VERIFIER } from '../../api/src/verifier-download/routes.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
// A CommonJS module typed with `export default`: under NodeNext its factory is `.default` (which it also sets).
const context = dockerignore.default().add(read('.dockerignore'));
const sent = (files: readonly string[]) => files.filter((file) => !context.ignores(file));

describe('.dockerignore', () => {
  it('keeps every secret file out of the image: .env (npm run keys), other *.env files, key files', () => {
    const secrets = ['.env', 'other.env', '.env.production', '.env.local', 'api/.env', 'deploy/prod.env', 'new-key.pem', 'keys/registry-ed25519.pem'];
    expect(sent(secrets)).toEqual([]);
  });

  it('keeps out the git history and what the image installs and builds itself', () => {
    const local = [
      '.git/config',
      '.git/objects/pack/pack-1.pack',
      'api/tsconfig.tsbuildinfo',
      'tsconfig.tsbuildinfo',
      'api/dist/main.js',
      'web/dist/index.html',
      'node_modules/zod/package.json',
      'web/node_modules/.vite/deps/x.js',
      'data/postgres/PG_VERSION',
      'data/registry-ed25519.pem',
    ];
    expect(sent(local)).toEqual([]);
  });

  it('sends every file git tracks: the build needs them (a .env-like pattern must not catch a source file)', () => {
    const listed = spawnSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' });
    expect(listed.status, listed.stderr).toBe(0);
    const tracked = listed.stdout.split('\0').filter(Boolean);
    expect(tracked).toContain('api/src/main.ts');
    expect(tracked.filter((file) => context.ignores(file))).toEqual([]);
  });
});

describe('the image build', () => {
  it('compiles every package again, whatever a .tsbuildinfo says', () => {
    expect(read('Dockerfile')).toMatch(/^RUN node scripts\/build\.mjs --force$/m);
    expect(read('scripts/build.mjs')).toContain("force: process.argv.includes('--force')");
    expect(tscArgs({ force: true })).toEqual(['-b', '--force']);
    expect(tscArgs()).toEqual(['-b']);
  });

  it('writes the one-file verifier where the API serves it from, in a dist folder the image builds again', () => {
    // The API's path, read here from api/src: api/dist is as deep, so `npm start` and the image (/app) agree.
    expect(SERVED_VERIFIER).toBe(VERIFIER_BUNDLE);
    expect(path.relative(root, VERIFIER_BUNDLE)).toBe(path.join('ledger', 'dist', 'verifier', 'titleledger-verify.mjs'));
    expect(sent(['ledger/dist/verifier/titleledger-verify.mjs'])).toEqual([]);
    expect(read('scripts/lib.mjs')).toMatch(/^ {2}run\(process\.execPath, \[path\.join\(root, 'scripts\/bundle-verifier\.mjs'\)\], PROGRESS\);$/m);
  });
});
