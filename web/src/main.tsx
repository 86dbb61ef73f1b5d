// Entry point: apply the stored theme, then mount the app.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

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

createRoot(root).render(
  <StrictMode>
    <AppProvider>
      <AppRouter />
    </AppProvider>
  </StrictMode>,
);
