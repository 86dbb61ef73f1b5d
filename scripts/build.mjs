// `npm run build`: install when needed, compile every package and the SPA.
import { ensureInstalled, build } from './lib.mjs';

ensureInstalled();
build({ force: process.argv.includes('--force') });
