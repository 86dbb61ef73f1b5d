// `npm start`: install what is missing, build what is stale, run everything on the embedded default.
import { ensureInstalled, build, root } from './lib.mjs';

ensureInstalled();
await build();
process.chdir(root);
await import('./embedded.mjs');
