// Every route the SPA serves, named once so links and the router cannot drift apart.
export const paths = {
  landing: '/',
  home: '/home',
  services: '/services',
  howItWorks: '/how-it-works',
  verify: '/verify',
  pricing: '/pricing',
  contact: '/contact',
  about: '/about',
  privacy: '/privacy',
  terms: '/terms',
  cookies: '/cookies',
  refund: '/refund',
  patent: '/patent',
  support: '/support',
  checkout: '/checkout',
  checkoutAmount: '/checkout/:amount',
  checkoutSuccess: '/checkout/success',
  login: '/login',
  register: '/register',
  getStarted: '/get-started',
  forgotPassword: '/forgot-password',
  demo: '/demo',
  resources: '/resources',
  titleRecord: '/titles/:tr',

  dashboard: '/dashboard',
  myDocuments: '/my-documents',
  registerTitle: '/register-title',
  account: '/account',
  notifications: '/notifications',
  notificationSettings: '/notification-settings',
  settings: '/settings',

  admin: '/admin',
  adminLogin: '/admin/login',
  adminAcceptInvite: '/admin/accept-invite',
  masterAdmin: '/master-admin',
  masterAdminLogin: '/master-admin/login',
} as const;

/** The public record page of one registration (what search results and the certificate QR open). */
export const titleRecordPath = (trNumber: string) => `/titles/${encodeURIComponent(trNumber)}`;
