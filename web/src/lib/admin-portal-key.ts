// The first element of every admin portal query key. Shared, because a write outside the portal
// changes what it shows: a creator's registration refreshes its stats, lists and charts (seed 001
// §4.1), and a feature never imports another feature.
export const ADMIN_PORTAL_KEY = 'admin-portal';
