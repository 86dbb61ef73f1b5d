// Runs the offline verifier CLI (and other scripts) from TypeScript source, as `npm run verify` runs its build.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface CliResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a script of this repository from source (export condition `source`, tsx) and collects its output. */
export async function runSourceScript(script: string, args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  return runCommand(process.execPath, ['--conditions=source', '--import', 'tsx', script, ...args], { cwd: root, env: { ...process.env, ...env } });
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
  return runSourceScript('ledger/src/verifier/cli.ts', args, env);
}
