// Entry point: apply the stored theme, then mount the app.
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';

import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';
import { applyTheme, readTheme } from './lib/theme';
import './index.css';

applyTheme(readTheme());
// Earlier versions also kept the session token in localStorage, where any script could read it.
// The HttpOnly cookie is the only credential now: forget a token left behind. They also kept the
// wizard draft under one key for every account; a draft of no known owner is not shown to anyone.
try {
  localStorage.removeItem('auth_token');
  localStorage.removeItem('titleledger.registrationDraft');
} catch {
  // Storage blocked: nothing can have been left there either.
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html is missing the #root element');

const app = (
  <StrictMode>
    <AppProvider>
      <AppRouter />
    </AppProvider>
  </StrictMode>
);
// The pages rendered at build time (`/` and `/verify`, src/prerender.tsx) arrive with their markup
// already in the HTML: React takes it over instead of painting it again, in a transition, so the
// work is cut into slices between which the browser stays responsive (one long task otherwise, on a
// phone's main thread). Every other page starts empty. The build leaves no part of a page to the
// browser (src/prerender.tsx renders until nothing is suspended), so a recoverable error here means
// the build's HTML and this code differ. The build rendered each page with no query:
// `/?search=term` fills and focuses the search box and `/verify?tr=…&hash=…` runs a check, which that
// markup does not have, so such an address is painted afresh.
const asPrerendered = window.location.search === '';
if (root.firstElementChild && asPrerendered) {
  startTransition(() => {
    hydrateRoot(root, app, {
      onRecoverableError: (error) => {
        console.warn('Part of the page was rendered afresh instead of taken over:', error);
      },
    });
  });
} else {
  root.replaceChildren();
  createRoot(root).render(app);
}
