// The built packages' entry points (*/dist, scripts/) run as an operator runs them: by the
// production-like test (test/prod) and the production-layout bench (test/bench/processes.ts).
import { spawn } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root: scripts are given relative to it, and run from it. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Runs `script` with `env` (and PATH) to its end: its output, or throws with the exit code and output. */
export async function runBuiltScript(script: string, args: readonly string[], env: Record<string, string>): Promise<string> {
  const child = spawn(process.execPath, [path.join(REPO_ROOT, script), ...args], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`${script} ${args.join(' ')} exited ${code}:\n${out}`);
  return out;
}

/** `npm run chain -- deploy --rpc <rpcUrl>` with `env` (its ANCHOR_PRIVATE_KEY deploys): the registry's address. */
async function deployRegistry(rpcUrl: string, env: Record<string, string>): Promise<string> {
  const deployed = await runBuiltScript('ledger/dist/chain/cli.js', ['deploy', '--rpc', rpcUrl], env);
  const address = /^ANCHOR_CONTRACT=(0x[0-9a-fA-F]{40})$/m.exec(deployed)?.[1];
  if (!address) throw new Error(`deploy printed no ANCHOR_CONTRACT:\n${deployed}`);
  return address;
}

/** Whether the API at `url` answers its health check with 200 (false while it cannot be reached). */
export async function healthy(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/api/health`)).status === 200;
  } catch {
    return false;
  }
}

/** Hardhat account #7: the anchorer of the production-like runs (no other test uses it). */
const ANCHORER_KEY = '0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356';

/**
 * The environment of a production deployment on `databaseUrl`, `dataDir` and the chain at `rpcUrl`:
 * NODE_ENV=production, fresh keys, and the registry deployed with the anchorer's key. `extra` adds to it.
 */
export async function productionDeployment(options: {
  readonly databaseUrl: string;
  readonly dataDir: string;
  readonly rpcUrl: string;
  readonly extra?: Record<string, string>;
}): Promise<Record<string, string>> {
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    DATABASE_URL: options.databaseUrl,
    DATA_DIR: options.dataDir,
    SECRET_KEY: randomBytes(32).toString('hex'),
    REGISTRY_SIGNING_KEY: generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    CHAIN_RPC_URL: options.rpcUrl,
    ANCHOR_PRIVATE_KEY: ANCHORER_KEY,
    HOST: '127.0.0.1',
    // The deployment's one public address (a load balancer's): the projections name the log's
    // checkpoints after it. The tests' API processes each override it with the address they listen on.
    PUBLIC_URL: 'https://titles.example.test',
    ...options.extra,
  };
  env.ANCHOR_CONTRACT = await deployRegistry(options.rpcUrl, env);
  return env;
}
