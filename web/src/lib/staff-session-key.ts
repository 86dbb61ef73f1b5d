// The key of the staff session query (GET /api/admin/me). Shared, because the app's query client
// asks it again on any 401 (a staff session ended in another tab, by a role change or a deletion,
// while a staff page was open), and the app layer must not load the staff feature's schemas for that.
export const STAFF_SESSION_KEY = '/api/admin/me';
