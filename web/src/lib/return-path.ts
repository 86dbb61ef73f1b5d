// Where sign-in and sign-up send the visitor afterwards: the page that asked, carried in `?next=`.
// Only a path of this site is ever followed (no open redirect): anything that a browser could read
// as another origin or another scheme (`//evil.example`, `/\evil.example`, `https:…`, `javascript:…`)
// or that carries control characters is refused, and the caller falls back to the dashboard.

const NEXT_PARAM = 'next';

const SITE_ORIGIN = 'https://titleledger.invalid';

// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;

/** The path to go back to, or null when `raw` is not one of our own paths. */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2000) return null;
  if (CONTROL.test(raw)) return null;
  // Must be an absolute path: one slash, then not a second slash or backslash (protocol-relative).
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  let url: URL;
  try {
    url = new URL(raw, SITE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== SITE_ORIGIN) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `path?next=<returnTo>` when `returnTo` is one of our paths, else `path` alone. */
export function withReturnPath(path: string, returnTo: string | null | undefined): string {
  const safe = safeReturnPath(returnTo);
  return safe ? `${path}?${new URLSearchParams({ [NEXT_PARAM]: safe }).toString()}` : path;
}

/** The `next` of a page's query string, checked. */
export function returnPathFrom(search: URLSearchParams): string | null {
  return safeReturnPath(search.get(NEXT_PARAM));
}
