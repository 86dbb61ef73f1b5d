// Every route of the spec. Public pages share the top bar and footer; signed-in pages share the
// sidebar behind the sign-in guard; admin pages have no shared layout. Unbuilt pages are
// placeholders that name their route.
import { lazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';

import { AccountSettingsPage } from '@/features/accounts/components/account-settings-page';
import { ForgotPasswordPage } from '@/features/accounts/components/forgot-password-page';
import { LoginPage } from '@/features/accounts/components/login-page';
import { SignUpPage } from '@/features/accounts/components/sign-up-page';
import { CheckoutPage } from '@/features/checkout/components/checkout-page';
import { CheckoutSuccessPage } from '@/features/checkout/components/checkout-success-page';
import { DashboardPage } from '@/features/registrations/components/dashboard-page';
import { MyDocumentsPage } from '@/features/registrations/components/my-documents-page';
import { RegisterTitlePage } from '@/features/registrations/components/register-title-page';
import { NotificationSettingsPage } from '@/features/notifications/components/notification-settings-page';
import { NotificationsPage } from '@/features/notifications/components/notifications-page';
import { SettingsPage } from '@/features/settings/components/settings-page';
import { PublicRecordPage } from '@/features/verify/components/public-record-page';
import { VerifyPage } from '@/features/verify/components/verify-page';
import { AboutPage } from '@/features/marketing/components/about-page';
import { ContactPage } from '@/features/marketing/components/contact-page';
import { DemoPage } from '@/features/marketing/components/demo-page';
import { HowItWorksPage } from '@/features/marketing/components/how-it-works-page';
import { LandingPage } from '@/features/marketing/components/landing-page';
import { CookiesPage, PrivacyPage, RefundPage, TermsPage } from '@/features/marketing/components/legal-pages';
import { PatentPage } from '@/features/marketing/components/patent-page';
import { PricingPage } from '@/features/marketing/components/pricing-page';
import { ResourcesPage } from '@/features/marketing/components/resources-page';
import { ServicesPage } from '@/features/marketing/components/services-page';
import { PageSearch } from '@/features/search/components/page-search';
import { AcceptInvitePage } from '@/features/staff/components/accept-invite-page';
import { AdminPortalPage } from '@/features/staff/components/admin-portal-page';
import { AuditorPage } from '@/features/staff/components/auditor-page';
import { MasterAdminPage } from '@/features/staff/components/master-admin-page';
import { AdminLoginPage, MasterAdminLoginPage } from '@/features/staff/components/staff-login-page';
import { SupportPage } from '@/features/support/components/support-page';
import { Loading } from '@/components/query-states';
import { paths } from '@/lib/paths';

import { AppLayout } from './layouts/app-layout';
import { PublicLayout } from './layouts/public-layout';
import { NotFoundPage } from './routes/not-found-page';
import { PlaceholderPage } from './routes/placeholder-page';
import { RequireSignIn, SignedOutEntry } from './routes/session-gates';

// A feature plugs its screen in by giving its entry a `page`; entries without one show the placeholder.
interface PageEntry {
  readonly path: string;
  readonly title: string;
  readonly page?: ComponentType;
}

function render(entry: PageEntry, frame?: 'app' | 'admin') {
  const Page = entry.page;
  return Page ? <Page /> : <PlaceholderPage title={entry.title} {...(frame ? { frame } : {})} />;
}

// The landing page with the live search composed in (features do not import each other).
function HomePage() {
  return <LandingPage search={<PageSearch />} />;
}

// The admin portal's tabs, composed into the staff frame. Loaded on demand: its charts (Recharts)
// must not weigh on the landing page's bundle.
const AdminPortal = lazy(() => import('@/features/admin-portal/components/admin-portal'));

function AdminPortalRoute() {
  return (
    <AdminPortalPage>
      {(staff) => (
        <Suspense fallback={<Loading>Loading the admin portal...</Loading>}>
          <AdminPortal staff={staff} />
        </Suspense>
      )}
    </AdminPortalPage>
  );
}

// The audit tools (auditor and master admin) in the staff frame, loaded on demand for the same reason.
const AuditDashboard = lazy(() => import('@/features/audit/components/audit-dashboard'));

function AuditRoute() {
  return (
    <AuditorPage>
      <Suspense fallback={<Loading>Loading the audit tools...</Loading>}>
        <AuditDashboard />
      </Suspense>
    </AuditorPage>
  );
}

const publicPages: readonly PageEntry[] = [
  { path: paths.home, title: 'Home', page: HomePage },
  { path: paths.services, title: 'Services', page: ServicesPage },
  { path: paths.howItWorks, title: 'How It Works', page: HowItWorksPage },
  { path: paths.verify, title: 'Verify Certificate', page: VerifyPage },
  { path: paths.pricing, title: 'Pricing', page: PricingPage },
  { path: paths.contact, title: 'Contact', page: ContactPage },
  { path: paths.about, title: 'Our Story', page: AboutPage },
  { path: paths.privacy, title: 'Privacy Policy', page: PrivacyPage },
  { path: paths.terms, title: 'Terms of Use', page: TermsPage },
  { path: paths.cookies, title: 'Cookie Policy', page: CookiesPage },
  { path: paths.refund, title: 'Refund Policy', page: RefundPage },
  { path: paths.patent, title: 'IP Strategy', page: PatentPage },
  { path: paths.support, title: 'Support Center', page: SupportPage },
  { path: paths.checkoutAmount, title: 'Checkout', page: CheckoutPage },
  { path: paths.checkout, title: 'Checkout', page: CheckoutPage },
  { path: paths.checkoutSuccess, title: 'Payment Complete', page: CheckoutSuccessPage },
  { path: paths.forgotPassword, title: 'Forgot Password', page: ForgotPasswordPage },
  { path: paths.demo, title: 'Demo', page: DemoPage },
  { path: paths.resources, title: 'Resources', page: ResourcesPage },
  { path: paths.titleRecord, title: 'Registration', page: PublicRecordPage },
];

// Pages that a signed-in visitor skips on the way to the dashboard.
const signedOutEntries: readonly PageEntry[] = [
  { path: paths.landing, title: 'Home', page: HomePage },
  { path: paths.login, title: 'Sign In', page: LoginPage },
  { path: paths.register, title: 'Create Account', page: SignUpPage },
  { path: paths.getStarted, title: 'Get Started', page: SignUpPage },
];

const signedInPages: readonly PageEntry[] = [
  { path: paths.dashboard, title: 'Dashboard', page: DashboardPage },
  { path: paths.myDocuments, title: 'My Documents', page: MyDocumentsPage },
  { path: paths.registerTitle, title: 'Register New Title', page: RegisterTitlePage },
  { path: paths.account, title: 'Account Settings', page: AccountSettingsPage },
  { path: paths.notifications, title: 'Notifications', page: NotificationsPage },
  { path: paths.notificationSettings, title: 'Notification Settings', page: NotificationSettingsPage },
  { path: paths.settings, title: 'Settings', page: SettingsPage },
];

const adminPages: readonly PageEntry[] = [
  { path: paths.admin, title: 'Admin Portal', page: AdminPortalRoute },
  { path: paths.adminLogin, title: 'Admin Login', page: AdminLoginPage },
  { path: paths.adminAcceptInvite, title: 'Accept Admin Invitation', page: AcceptInvitePage },
  { path: paths.masterAdmin, title: 'Master Admin Console', page: MasterAdminPage },
  { path: paths.masterAdminLogin, title: 'Master Admin Login', page: MasterAdminLoginPage },
  { path: paths.audit, title: 'Audit', page: AuditRoute },
];

const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      ...signedOutEntries.map((entry) => ({
        path: entry.path,
        element: <SignedOutEntry>{render(entry)}</SignedOutEntry>,
      })),
      ...publicPages.map((entry) => ({ path: entry.path, element: render(entry) })),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  {
    element: (
      <RequireSignIn>
        <AppLayout />
      </RequireSignIn>
    ),
    children: signedInPages.map((entry) => ({ path: entry.path, element: render(entry, 'app') })),
  },
  ...adminPages.map((entry) => ({ path: entry.path, element: render(entry, 'admin') })),
];

const router = createBrowserRouter(routes);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
