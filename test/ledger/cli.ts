// Runs the offline verifier CLI (and the other command-line scripts) as `npm run verify` runs them: the
// built JavaScript under */dist, which `npm test`, and otherwise the int and e2e projects' global setup
// (test/support/global-setup.ts), bring up to date with the sources first. Built, not from source
// through tsx: a run then costs a quarter of the CPU (tsx compiled the sources again in every process).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface CliResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a command-line script of this repository (`ledger/dist/chain/cli.js`, `scripts/audit.mjs`) and collects its output. */
export async function runScript(script: string, args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  return runCommand(process.execPath, [script, ...args], { cwd: root, env: { ...process.env, ...env } });
}

/** Runs a command in `cwd` with exactly `env` and collects its output. */
export async function runCommand(command: string, args: readonly string[], options: { cwd: string; env: NodeJS.ProcessEnv }): Promise<CliResult> {
  const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const code = await new Promise<number>((resolve) => child.on('exit', (c) => resolve(c ?? -1)));
  return { code, stdout, stderr };
}

export function runVerifyCli(args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  return runScript('ledger/dist/verifier/cli.js', args, env);
}
