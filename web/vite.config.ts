// Build and dev server for the TitleLedger SPA. Workspace packages resolve to their TypeScript
// source through the "source" export condition, so the web app never waits on their builds.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';

import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of the build, so the API serves them
 * as they are (`@fastify/static` `preCompressed`) without compressing on each request: the landing
 * page's 346 kB of JS travel as ~110 kB (issue 18 item 3). Node's zlib does the work.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'titleledger-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((name) => /\.(js|css|html|svg|json|txt)$/.test(name));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(outDir, name);
          const content = await readFile(file);
          await writeFile(`${file}.br`, await brotli(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: content.length } }));
          await writeFile(`${file}.gz`, await gzipped(content, { level: 9 }));
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  resolve: {
    conditions: ['source', ...defaultClientConditions],
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // Every bare `zod` import gets the configured zod (src/lib/zod-config.ts says why).
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod-config.ts', import.meta.url)) },
    ],
  },
  // The manifest maps every source entry to its chunk and that chunk's static imports: the bundle
  // budget test (web/src/app/bundle-budget.unit.test.ts) and the bench (test/bench/web.ts) read it to
  // know what JS a page loads before its first paint.
  build: { manifest: true },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
    },
  },
});
