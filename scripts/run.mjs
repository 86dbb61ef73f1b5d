// `npm run chain|verify|projections|audit|keys -- …`: what `npm start` does first (install what is
// missing, compile what is stale), then the program with the rest of the arguments, in this process.
// `--no-build`: install only (`keys` needs packages, not our compiled code). The SPA is not built here:
// none of these serves it.
//   node scripts/run.mjs [--no-build] <program> [arguments…]
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureInstalled, build, root } from './lib.mjs';

const args = process.argv.slice(2);
const compile = args[0] !== '--no-build';
const [program, ...rest] = compile ? args : args.slice(1);
if (!program) {
  console.error('usage: node scripts/run.mjs [--no-build] <program> [arguments…]');
  process.exit(2);
}
ensureInstalled();
if (compile) await build({ web: false });
const file = path.resolve(root, program);
// The program reads its arguments (and keys.mjs its own path) from process.argv, as if run directly.
process.argv = [process.argv[0], file, ...rest];
await import(pathToFileURL(file).href);
