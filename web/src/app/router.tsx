// Every route of the spec. Public pages share the top bar and footer; signed-in pages share the
// sidebar behind the sign-in guard; admin pages have no shared layout. Unbuilt pages are
// placeholders that name their route.
//
// Only the landing page (with its live search) is in the entry chunk: every other page is loaded
// on demand (React.lazy), so the admin, staff, account, settings, wizard/checkout and verify code
// and the libraries only they use never weigh on the first paint of `/` (issue 18 item 3;
// test/bench/web.ts measures it, web/src/app/bundle-budget.unit.test.ts keeps it in budget).
import { lazy, Suspense, useLayoutEffect, useMemo, type ComponentType, type LazyExoticComponent } from 'react';
import { BrowserRouter, useLocation, useNavigationType, useRoutes, type RouteObject } from 'react-router-dom';

import { LandingPage } from '@/features/marketing/components/landing-page';
import { PageSearch } from '@/features/search/components/page-search';
import { Loading } from '@/components/query-states';
import { FullScreenSpinner } from '@/components/spinner';
import { paths } from '@/lib/paths';

import { PublicLayout } from './layouts/public-layout';
import { NotFoundPage } from './routes/not-found-page';
import { PlaceholderPage } from './routes/placeholder-page';
import { RequireSignIn, SignedOutEntry } from './routes/session-gates';

// A page loaded on demand: `load` imports the module, `pick` names its export.
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: pick(await load()) }));
}

const ServicesPage = page(() => import('@/features/marketing/components/services-page'), (m) => m.ServicesPage);
const HowItWorksPage = page(() => import('@/features/marketing/components/how-it-works-page'), (m) => m.HowItWorksPage);
const VerifyPage = page(() => import('@/features/verify/components/verify-page'), (m) => m.VerifyPage);
const PublicRecordPage = page(() => import('@/features/verify/components/public-record-page'), (m) => m.PublicRecordPage);
const PricingPage = page(() => import('@/features/marketing/components/pricing-page'), (m) => m.PricingPage);
const ContactPage = page(() => import('@/features/marketing/components/contact-page'), (m) => m.ContactPage);
const AboutPage = page(() => import('@/features/marketing/components/about-page'), (m) => m.AboutPage);
const PrivacyPage = page(() => import('@/features/marketing/components/legal-pages'), (m) => m.PrivacyPage);
const TermsPage = page(() => import('@/features/marketing/components/legal-pages'), (m) => m.TermsPage);
const CookiesPage = page(() => import('@/features/marketing/components/legal-pages'), (m) => m.CookiesPage);
const RefundPage = page(() => import('@/features/marketing/components/legal-pages'), (m) => m.RefundPage);
const PatentPage = page(() => import('@/features/marketing/components/patent-page'), (m) => m.PatentPage);
const SupportPage = page(() => import('@/features/support/components/support-page'), (m) => m.SupportPage);
const CheckoutPage = page(() => import('@/features/checkout/components/checkout-page'), (m) => m.CheckoutPage);
const CheckoutSuccessPage = page(() => import('@/features/checkout/components/checkout-success-page'), (m) => m.CheckoutSuccessPage);
const ForgotPasswordPage = page(() => import('@/features/accounts/components/forgot-password-page'), (m) => m.ForgotPasswordPage);
const DemoPage = page(() => import('@/features/marketing/components/demo-page'), (m) => m.DemoPage);
const ResourcesPage = page(() => import('@/features/marketing/components/resources-page'), (m) => m.ResourcesPage);
const LoginPage = page(() => import('@/features/accounts/components/login-page'), (m) => m.LoginPage);
const SignUpPage = page(() => import('@/features/accounts/components/sign-up-page'), (m) => m.SignUpPage);
const DashboardPage = page(() => import('@/features/registrations/components/dashboard-page'), (m) => m.DashboardPage);
const MyDocumentsPage = page(() => import('@/features/registrations/components/my-documents-page'), (m) => m.MyDocumentsPage);
const RegisterTitlePage = page(() => import('@/features/registrations/components/register-title-page'), (m) => m.RegisterTitlePage);
const AccountSettingsPage = page(() => import('@/features/accounts/components/account-settings-page'), (m) => m.AccountSettingsPage);
const NotificationsPage = page(() => import('@/features/notifications/components/notifications-page'), (m) => m.NotificationsPage);
const NotificationSettingsPage = page(
  () => import('@/features/notifications/components/notification-settings-page'),
  (m) => m.NotificationSettingsPage,
);
const SettingsPage = page(() => import('@/features/settings/components/settings-page'), (m) => m.SettingsPage);
const AdminPortalPage = page(() => import('./routes/admin-portal-route'), (m) => m.AdminPortalRoute);
const AdminLoginPage = page(() => import('@/features/staff/components/staff-login-page'), (m) => m.AdminLoginPage);
const MasterAdminLoginPage = page(() => import('@/features/staff/components/staff-login-page'), (m) => m.MasterAdminLoginPage);
const AcceptInvitePage = page(() => import('@/features/staff/components/accept-invite-page'), (m) => m.AcceptInvitePage);
const StaffResetPasswordPage = page(() => import('@/features/staff/components/reset-password-page'), (m) => m.StaffResetPasswordPage);
const MasterAdminPage = page(() => import('@/features/staff/components/master-admin-page'), (m) => m.MasterAdminPage);
const AuditPage = page(() => import('./routes/audit-route'), (m) => m.AuditRoute);
const AppLayout = page(() => import('./layouts/app-layout'), (m) => m.AppLayout);

// Tooltip timing for the pages loaded on demand, loaded beside them (Radix Tooltip and its
// positioning code stay off the landing page).
const TooltipProvider = lazy(async () => ({ default: (await import('@/components/tooltip')).TooltipProvider }));

// A feature plugs its screen in by giving its entry a `page`; entries without one show the placeholder.
interface PageEntry {
  readonly path: string;
  readonly title: string;
  readonly page?: ComponentType;
}

// While a page's code loads, a status line names it (a live region: screen readers hear it).
function render(entry: PageEntry, frame?: 'app' | 'admin') {
  const Page = entry.page;
  if (!Page) return <PlaceholderPage title={entry.title} {...(frame ? { frame } : {})} />;
  // The landing page is in the entry chunk and paints at once: nothing to wait for.
  if (Page === HomePage) return <HomePage />;
  return (
    // The status line holds a screen's height, so the footer starts below the fold and the page
    // arriving never pushes it down in view (a layout shift: Lighthouse measured CLS 0.77 on /verify).
    <Suspense
      fallback={
        <div className="min-h-dvh">
          <Loading>{`Loading ${entry.title}...`}</Loading>
        </div>
      }
    >
      <TooltipProvider>
        <Page />
      </TooltipProvider>
    </Suspense>
  );
}

// The landing page with the live search composed in (features do not import each other).
function HomePage() {
  return <LandingPage search={<PageSearch />} />;
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
  { path: paths.admin, title: 'Admin Portal', page: AdminPortalPage },
  { path: paths.adminLogin, title: 'Admin Login', page: AdminLoginPage },
  { path: paths.adminAcceptInvite, title: 'Accept Admin Invitation', page: AcceptInvitePage },
  { path: paths.adminResetPassword, title: 'Reset Admin Password', page: StaffResetPasswordPage },
  { path: paths.masterAdmin, title: 'Master Admin Console', page: MasterAdminPage },
  { path: paths.masterAdminLogin, title: 'Master Admin Login', page: MasterAdminLoginPage },
  { path: paths.audit, title: 'Audit', page: AuditPage },
];

const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      ...signedOutEntries.map((entry) => ({
        path: entry.path,
        element: <SignedOutEntry eager={entry.path === paths.landing}>{render(entry)}</SignedOutEntry>,
      })),
      ...publicPages.map((entry) => ({ path: entry.path, element: render(entry) })),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  {
    element: (
      <RequireSignIn>
        <Suspense fallback={<FullScreenSpinner />}>
          <TooltipProvider>
            <AppLayout />
          </TooltipProvider>
        </Suspense>
      </RequireSignIn>
    ),
    children: signedInPages.map((entry) => ({ path: entry.path, element: render(entry, 'app') })),
  },
  ...adminPages.map((entry) => ({ path: entry.path, element: render(entry, 'admin') })),
];

// Declarative routing (BrowserRouter + useRoutes): no page uses loaders, actions or fetchers, and the
// data router's machinery for them would weigh on the landing page's first paint. The build renders
// the same routes once for `/` (src/prerender.tsx), so the landing page is in its HTML.
export function AppRoutes() {
  return useRoutes(routes);
}

// Where each new page starts and what gets focus (page-arrival.ts), told of every location before
// it paints. Its code loads after the first page (/verify's first paint had no room left in its
// budget); a module already loaded answers in a microtask, still before the paint.
let pageArrival: Promise<typeof import('./page-arrival')> | null = null;

function PageArrival() {
  const { key, pathname, hash } = useLocation();
  const navigation = useNavigationType();
  // What had focus as the navigation began: rendering comes before the new page's own autoFocus.
  const leftFrom = useMemo(() => document.activeElement, [key]);
  useLayoutEffect(() => {
    pageArrival ??= import('./page-arrival');
    void pageArrival.then(({ arrive }) => arrive({ key, pathname, hash, navigation: `${navigation}`, leftFrom }));
  }, [key, pathname, hash, navigation, leftFrom]);
  return null;
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <PageArrival />
      <AppRoutes />
    </BrowserRouter>
  );
}
