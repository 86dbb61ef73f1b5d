// `npm run admin -- create-master|reset-password --email E`: build what is stale, then run the staff CLI against
// the same data `npm start` uses (api/src/staff/admin-cli.ts).
import { ensureInstalled, build, root } from './lib.mjs';

ensureInstalled();
await build();
process.chdir(root);
await import('../api/dist/admin.js');
