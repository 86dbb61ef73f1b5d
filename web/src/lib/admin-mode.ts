// Admin mode is a client flag (adminAuth === 'true' in localStorage). It only decides which
// requests carry the x-admin-auth header; the server decides what an admin may do.
const ADMIN_MODE_KEY = 'adminAuth';

export const ADMIN_HEADER = 'x-admin-auth';
export const ADMIN_HEADER_VALUE = 'admin-authenticated';

function isAdminMode(): boolean {
  return localStorage.getItem(ADMIN_MODE_KEY) === 'true';
}

/** A page is an admin page when its pathname contains /admin (seed 000 §2): /admin/... does, /master-admin does not. */
function isAdminPage(pathname: string): boolean {
  return pathname.includes('/admin');
}

/** Whether a request to `path`, made while the browser shows `pagePathname`, carries the admin header. */
export function needsAdminHeader(path: string, pagePathname: string): boolean {
  if (!isAdminMode()) return false;
  return path.startsWith('/api/admin/') || (path.startsWith('/api/user/') && isAdminPage(pagePathname));
}

/** Turned on by a staff sign-in and off by Admin Logout; it grants nothing, the server decides. */
export function setAdminMode(on: boolean): void {
  if (on) localStorage.setItem(ADMIN_MODE_KEY, 'true');
  else localStorage.removeItem(ADMIN_MODE_KEY);
}
