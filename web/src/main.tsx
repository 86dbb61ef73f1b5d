// Entry point: apply the stored theme, then mount the app.
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';

import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';
import { applyTheme, readTheme } from './lib/theme';
import './index.css';

applyTheme(readTheme());
// Earlier versions also kept the session token in localStorage, where any script could read it.
// The HttpOnly cookie is the only credential now: forget a token left behind.
try {
  localStorage.removeItem('auth_token');
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
// `/` arrives with the landing page already in its HTML (rendered at build time, src/prerender.tsx):
// React takes that markup over instead of painting it again. Every other page starts empty.
if (root.firstElementChild) {
  hydrateRoot(root, app, {
    onRecoverableError: (error) => console.warn('The page was rendered afresh instead of taken over:', error),
  });
} else {
  createRoot(root).render(app);
}
