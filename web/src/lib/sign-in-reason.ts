// Why the sign-in page was opened, when it was not the visitor's choice: `?reason=session-ended`
// when a page the person was using lost its session (signed out in another tab or on another
// device, a password reset elsewhere, a day idle), so the page can say so instead of appearing
// out of nowhere.
const REASON_PARAM = 'reason';
const SESSION_ENDED = 'session-ended';

/** `path` (which may already carry a query) saying the session ended. */
export function withSessionEnded(path: string): string {
  const [pathname = path, query = ''] = path.split('?', 2);
  const search = new URLSearchParams(query);
  search.set(REASON_PARAM, SESSION_ENDED);
  return `${pathname}?${search.toString()}`;
}

export function sessionEndedIn(search: URLSearchParams): boolean {
  return search.get(REASON_PARAM) === SESSION_ENDED;
}
