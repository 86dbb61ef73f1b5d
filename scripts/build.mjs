// `npm run build`: install when needed, compile every package and the SPA.
import { ensureInstalled, build } from './lib.mjs';

ensureInstalled();
await build({ force: process.argv.includes('--force') });
