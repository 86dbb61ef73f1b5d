// Every `npm run X` works on a fresh clone, as `npm start` does: the script that runs first installs
// what is missing and compiles what is stale (scripts/lib.mjs), and only then loads our packages or
// their dist/ files. A script that ran `node ledger/dist/…` directly failed with "module not found"
// until `npm ci && npm run build`.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const scripts = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

/** Each `node FILE …` a script runs, with its arguments. */
const nodeRuns = (command: string) =>
  command
    .split('&&')
    .map((part) => part.trim().split(/\s+/))
    .filter(([program]) => program === 'node')
    .map(([, file, ...args]) => ({ file: file!, args }));

describe('package.json scripts', () => {
  it('run our code only through a script that installs and builds first', () => {
    const unprepared = Object.entries(scripts).flatMap(([name, command]) =>
      nodeRuns(command)
        .filter(({ file }) => !(file.startsWith('scripts/') && /\bensureInstalled\(\)/.test(readFileSync(path.join(root, file), 'utf8'))))
        .map(({ file }) => `${name}: node ${file}`),
    );
    expect(unprepared).toEqual([]);
    for (const name of ['keys', 'chain', 'verify', 'projections', 'audit', 'admin', 'start', 'test']) expect(scripts[name]).toBeDefined();
  });

  it('name programs that exist (a dist/ file by its source)', () => {
    const missing = Object.values(scripts)
      .flatMap(nodeRuns)
      .filter(({ file }) => file === 'scripts/run.mjs')
      .map(({ args }) => args.find((arg) => !arg.startsWith('--'))!)
      .filter((program) => !existsSync(path.join(root, program.replace(/\/dist\/(.*)\.js$/, '/src/$1.ts'))));
    expect(missing).toEqual([]);
  });
});
