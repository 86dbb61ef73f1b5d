// Build and dev server for the TitleLedger SPA. Workspace packages resolve to their TypeScript
// source through the "source" export condition, so the web app never waits on their builds.
import { fileURLToPath } from 'node:url';

import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defaultClientConditions, defaultServerConditions, defineConfig } from 'vite';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
  // The build-time render of the landing page (src/prerender.tsx, scripts/postbuild.mjs) needs no public files.
  publicDir: isSsrBuild ? false : 'public',
  resolve: {
    conditions: ['source', ...defaultClientConditions],
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // Every bare `zod` import gets the configured zod (src/lib/zod-config.ts says why).
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod-config.ts', import.meta.url)) },
    ],
  },
  // The build-time render (vite build --ssr) too: it runs beside tsc -b (scripts/lib.mjs), before any dist/ exists.
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
  // The manifest maps every source entry to its chunk and that chunk's static imports: the bundle
  // budget test (test/bench/web-bundle.unit.test.ts) and the bench (test/bench/web.ts) read it to
  // know what JS a page loads before its first paint.
  build: { manifest: true },
  // The year the build ran: the footer shows it in the HTML rendered at build time, and the browser
  // shows the same while it takes that markup over, then this year (site-footer.tsx).
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
    },
  },
}));
