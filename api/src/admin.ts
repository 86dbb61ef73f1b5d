// `npm run admin -- …`: staff administration from the command line (see staff/admin-cli.ts).
import { ConfigError } from './config.js';
import { adminCli } from './staff/admin-cli.js';

try {
  process.exitCode = await adminCli(process.argv.slice(2));
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
