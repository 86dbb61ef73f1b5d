// The spec's menus as data: the public top bar, the footer, and the signed-in side menu.
import { Bell, FilePlus2, FileText, LayoutDashboard, Settings, ShieldCheck, UserRound, type LucideIcon } from 'lucide-react';

import { paths } from '@/lib/paths';
import { NETWORK_SITE_LABEL, NETWORK_SITE_URL } from '@/lib/site';

export type TopBarLink = { to: string; label: string; mobileLabel?: string };

export const topBarLinks: readonly TopBarLink[] = [
  { to: paths.howItWorks, label: 'Learn' },
  { to: paths.services, label: 'Registration' },
  { to: paths.pricing, label: 'Pricing' },
  { to: paths.verify, label: 'Verify', mobileLabel: 'Verify Certificate' },
];

export const signInLink = { to: paths.login, label: 'Sign in with email' } as const;
export const registerLink = { to: paths.register, label: 'Register Title' } as const;

export type FooterLink = { label: string } & ({ to: string } | { href: string });

export const footerGroups: ReadonlyArray<{ heading: string; links: readonly FooterLink[] }> = [
  {
    heading: 'Register',
    links: [
      { to: paths.register, label: 'Music & Songs' },
      { to: paths.register, label: 'Stories & Writing' },
    ],
  },
  {
    heading: 'Help',
    links: [
      { to: paths.howItWorks, label: 'Help Center' },
      // Seed 000 §2 sends the footer's FAQ to /pricing (the plans answer the common questions); the
      // full FAQ is on /resources#faq, linked from the pricing page itself.
      { to: paths.pricing, label: 'FAQ' },
      { to: paths.contact, label: 'Contact' },
      { to: paths.support, label: 'Support' },
    ],
  },
  {
    heading: 'Company',
    links: [
      { to: paths.about, label: 'Our Story' },
      { href: NETWORK_SITE_URL, label: NETWORK_SITE_LABEL },
    ],
  },
];

export const legalLinks: readonly FooterLink[] = [
  { to: paths.privacy, label: 'Privacy' },
  { to: paths.terms, label: 'Terms' },
  { to: paths.cookies, label: 'Cookies' },
  { to: paths.refund, label: 'Refund' },
];

/** A side-menu entry (the spec's "menu item": path, label, description, optional badge count). */
export type MenuItem = {
  to: string;
  label: string;
  description?: string;
  badgeCount?: number;
  Icon: LucideIcon;
};

export const sideMenu: readonly MenuItem[] = [
  { to: paths.dashboard, label: 'Dashboard', description: 'Overview and statistics', Icon: LayoutDashboard },
  { to: paths.myDocuments, label: 'My Documents', description: 'View registered titles', Icon: FileText },
  { to: paths.registerTitle, label: 'Register New Title', Icon: FilePlus2 },
  { to: paths.account, label: 'Account', description: 'Profile and billing', Icon: UserRound },
  {
    to: paths.notifications,
    label: 'Notifications',
    description: 'Alerts and updates',
    Icon: Bell,
  },
  { to: paths.settings, label: 'Settings', description: 'Preferences and configuration', Icon: Settings },
];

export const adminMenuItem: MenuItem = {
  to: paths.admin,
  label: 'Admin Portal',
  description: 'System management',
  Icon: ShieldCheck,
};
