// The colour theme: light (default), dark, or system (follows the OS). Stored under the
// product's key and applied as a `dark` class on <html>. public/theme-init.js (loaded by index.html) repeats
// the first-paint part of this so there is no flash; keep the key and values in step with it.
const THEME_STORAGE_KEY = 'titleledger-theme';
const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];

const DEFAULT_THEME: Theme = 'light';
const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)');
const listeners = new Set<() => void>();

function isTheme(value: unknown): value is Theme {
  return THEMES.includes(value as Theme);
}

export function readTheme(): Theme {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(stored) ? stored : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

export function applyTheme(theme: Theme): void {
  const dark = theme === 'dark' || (theme === 'system' && darkQuery().matches);
  const root = document.documentElement;
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
}

export function setTheme(theme: Theme): void {
  localStorage.setItem(THEME_STORAGE_KEY, theme);
  applyTheme(theme);
  listeners.forEach((notify) => notify());
}

/** Subscribes to theme changes; also re-applies a system theme when the OS preference flips. */
export function subscribeToTheme(notify: () => void): () => void {
  const onSystemChange = () => {
    if (readTheme() === 'system') applyTheme('system');
  };
  listeners.add(notify);
  darkQuery().addEventListener('change', onSystemChange);
  return () => {
    listeners.delete(notify);
    darkQuery().removeEventListener('change', onSystemChange);
  };
}
