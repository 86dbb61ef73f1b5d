// Facts the public pages state in more than one place, kept once so pricing, the FAQ, terms and
// the refund policy cannot disagree.
import { SUPPORT_CONTACT } from '@/lib/site';

export const CONTACT = {
  supportEmail: SUPPORT_CONTACT.email,
  legalEmail: SUPPORT_CONTACT.legalEmail,
  privacyEmail: 'privacy@titleledger.com',
  // The static pages' support hours (seed 001 §2.12: 9 AM-6 PM EST Mon-Fri); the support page's phone
  // hours close at 5 PM (seed 000 §2, SUPPORT_CONTACT.phoneHours): the two seeds differ.
  supportHours: 'Monday to Friday, 9 AM – 6 PM Eastern',
  supportPhone: SUPPORT_CONTACT.phone,
  supportPhoneHref: SUPPORT_CONTACT.phoneHref,
  // Placeholder until the company's postal address is settled; the spec leaves it unnamed.
  office: 'TitleLedger, San Francisco, California (visits by appointment)',
} as const;

/**
 * Stands for the registration fee in a text: the server configures it (REGISTRATION_FEE_CENTS, served
 * by GET /api/payment/config), so no page writes it down. Render with `withFee(text, fee.label)`.
 */
export const FEE = '{fee}';
export const withFee = (text: string, feeLabel: string): string => text.replaceAll(FEE, feeLabel);

export type Plan = {
  name: string;
  price: string;
  cadence: string;
  summary: string;
  features: readonly string[];
  recommended?: boolean;
};

/** The plan cards (seed 000 §3): its names and the authoritative prices. */
export const PLANS: readonly Plan[] = [
  {
    name: 'Free account',
    price: '$0',
    cadence: 'forever',
    summary: 'Browse, search and verify registrations.',
    features: ['Public search', 'Certificate verification', 'Account and dashboard'],
  },
  {
    name: 'One-Time Registration',
    price: FEE,
    cadence: 'per registration',
    summary: 'Register a single work whenever you need to.',
    features: ['TR number and PDF certificate', 'SHA-256 hashes of your file', 'Encrypted .tr proof file', 'Anchored on an EVM chain'],
    recommended: true,
  },
  {
    name: 'Monthly Subscription',
    price: '$20.00',
    cadence: 'per month',
    summary: 'For creators who publish every month.',
    features: ['3 registrations per month', 'Priority processing', 'Analytics', 'Email notifications', 'API access'],
  },
  {
    name: 'Annual Plan',
    price: '$400',
    cadence: 'per year',
    summary: 'For studios, publishers and teams.',
    features: [
      '100 registrations per year',
      'Bulk registration tools',
      'Dedicated account manager',
      'Custom integrations',
      'Reporting',
      'Priority phone support',
    ],
  },
];

/** The refund policy's terms (seed 001 §2.12); the terms of use defer to them. */
export const REFUNDS = {
  accidental: 'a full refund within 24 hours of an accidental purchase',
  conditional: 'a conditional refund within 7 days',
  caseByCase: 'case-by-case review up to 30 days after purchase',
  review: 'we review every request within 2 business days',
  payout: 'approved refunds are paid out within 5-10 business days',
  annual: 'annual plans are refunded pro rata during their first 30 days',
} as const;
