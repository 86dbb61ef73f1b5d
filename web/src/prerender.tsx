// Run once at build time (scripts/postbuild.mjs), never in the browser: the pages strangers open
// first, rendered to HTML, which the build puts into their own files (dist/index.html for `/`,
// dist/verify.html for `/verify`) so each paints as soon as its HTML and CSS arrive, before any JS
// has run (issue 18 item 3). The browser then takes that markup over (src/main.tsx). Queries are not
// run here: a page shows what it shows while they load.
//
// A page loaded on demand (React.lazy) suspends on the first render, which starts loading its
// code; the page is rendered again once that code is here, until nothing is left suspended. (A
// streaming prerender would wait by itself, but it finishes its boundaries with inline scripts our
// Content-Security-Policy refuses.)
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';

import { AppProvider } from './app/provider';
import { AppRoutes } from './app/router';

/** The pages rendered at build time. */
export const PRERENDERED_PATHS = ['/', '/verify'] as const;

/** renderToString's mark of a Suspense boundary it left to the browser. */
const LEFT_TO_THE_BROWSER = '<!--$!-->';
const MAX_RENDERS = 50;

export async function renderPage(url: string): Promise<string> {
  for (let render = 1; render <= MAX_RENDERS; render += 1) {
    const html = renderToString(
      <StrictMode>
        <AppProvider>
          <StaticRouter location={url}>
            <AppRoutes />
          </StaticRouter>
        </AppProvider>
      </StrictMode>,
    );
    if (!html.includes(LEFT_TO_THE_BROWSER)) return html;
    await new Promise((settle) => setTimeout(settle, 20));
  }
  throw new Error(`${url}: a part of the page loaded on demand was still not here after ${MAX_RENDERS} renders`);
}
