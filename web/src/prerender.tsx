// Run once at build time (scripts/postbuild.mjs), never in the browser: the landing page rendered to
// HTML, which the build puts into dist/index.html so `/` paints as soon as its HTML and CSS arrive,
// before any JS has run (issue 18 item 3). The browser then renders the same tree over it
// (src/main.tsx). Queries are not run here: the page shows what it shows while they load. Parts
// loaded on demand (the toaster, the footer's theme switcher) are left to the browser: renderToString
// writes their Suspense fallback, and the browser renders just those boundaries itself (React reports
// each as recoverable error 419, which main.tsx expects). A streaming prerender would wait for them,
// but finishes its boundaries with inline scripts our Content-Security-Policy refuses.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';

import { AppProvider } from './app/provider';
import { AppRoutes } from './app/router';

export function renderPage(url: string): string {
  return renderToString(
    <StrictMode>
      <AppProvider>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </AppProvider>
    </StrictMode>,
  );
}
