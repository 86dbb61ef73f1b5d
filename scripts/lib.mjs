// Shared by the npm scripts (start, build, test, admin, and run.mjs for the others): install what is
// missing, build what is stale.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

/** A step's own output goes to stderr: the command a script then runs keeps stdout to itself. */
const PROGRESS = { stdio: ['inherit', 2, 'inherit'] };

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    console.error(`\n${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
}

function fingerprint(files) {
  const hash = createHash('sha256');
  for (const file of files) if (existsSync(file)) hash.update(readFileSync(file));
  return hash.digest('hex');
}

/** `npm install` when node_modules is missing or package.json / the lock changed since the last one. */
export function ensureInstalled() {
  const manifests = ['package.json', 'package-lock.json', ...['api', 'projections', 'ledger', 'contracts', 'web', 'test'].map((p) => `${p}/package.json`)].map((f) => path.join(root, f));
  const stamp = path.join(root, 'node_modules', '.titleledger-install');
  const want = fingerprint(manifests);
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === want) return;
  // A fresh clone installs exactly the lock file; a changed manifest updates it.
  const fresh = !existsSync(path.join(root, 'node_modules')) && existsSync(path.join(root, 'package-lock.json'));
  console.error(`Installing dependencies (npm ${fresh ? 'ci' : 'install'})…`);
  run('npm', [fresh ? 'ci' : 'install', '--no-audit', '--no-fund'], PROGRESS);
  writeFileSync(stamp, fingerprint(manifests));
}

function newestMtime(dir) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * tsc's arguments. `-b` is incremental: it trusts each project's .tsbuildinfo. `--force` rebuilds every
 * project whatever those say (a Docker build context without dist/ but with a .tsbuildinfo would
 * otherwise get no compiled code at all).
 */
export function tscArgs({ force = false } = {}) {
  return ['-b', ...(force ? ['--force'] : [])];
}

/**
 * Compiles the TypeScript packages and, unless `web` is false, what the server serves: the one-file
 * verifier (scripts/bundle-verifier.mjs) and the SPA when its sources changed. The SPA's build
 * reads the packages' sources, not their output, so it runs beside tsc (a forced build on 2 cores:
 * 24.4 s instead of 27.3); its output is printed when it ends, not interleaved with tsc's.
 * `force`: everything again, stale or not (the Dockerfile's build).
 */
export async function build({ force = false, web = true } = {}) {
  const webBuild = web ? startWebBuild({ force }) : null;
  console.error(`Building (tsc ${tscArgs({ force }).join(' ')})…`);
  run(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), ...tscArgs({ force })], PROGRESS);
  if (!web) return;
  // What the server serves besides the SPA: the verifier as one file (rewritten only when it changes).
  run(process.execPath, [path.join(root, 'scripts/bundle-verifier.mjs')], PROGRESS);
  await webBuild;
}

/** `vite build` of the SPA when its sources changed since the last one, started now; resolves when it is done. */
function startWebBuild({ force }) {
  const webIndex = path.join(root, 'web/dist/index.html');
  const webSources = Math.max(
    newestMtime(path.join(root, 'web/src')),
    newestMtime(path.join(root, 'web/scripts')),
    newestMtime(path.join(root, 'api/src/schemas')),
    statSync(path.join(root, 'web/package.json')).mtimeMs,
    statSync(path.join(root, 'web/vite.config.ts')).mtimeMs,
  );
  // app.html: the shell every page but `/` gets, written by the build's post-build step.
  const complete = existsSync(webIndex) && existsSync(path.join(root, 'web/dist/app.html'));
  if (!force && complete && statSync(webIndex).mtimeMs >= webSources) return Promise.resolve();
  console.error('Building the web app (vite build) beside tsc; its output follows when it ends…');
  // A production bundle whatever NODE_ENV the caller has: Vite takes a NODE_ENV already set, and
  // with "test" (vitest's, when its global setup builds) or "development" it bundles React's
  // development build, several times slower in the browser.
  const child = spawn('npm', ['run', 'build', '-w', '@titleledger/web'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: 'production' },
    shell: process.platform === 'win32',
  });
  // A failed tsc exits this process at once: the web build goes with it.
  const stop = () => child.kill();
  process.on('exit', stop);
  const output = [];
  child.stdout.on('data', (chunk) => output.push(chunk));
  child.stderr.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code, signal) => {
      process.off('exit', stop);
      process.stderr.write(Buffer.concat(output));
      if (code !== 0) {
        console.error(`\nnpm run build -w @titleledger/web failed (exit ${code ?? signal})`);
        process.exit(code ?? 1);
      }
      resolve();
    });
  });
}
