// Product-wide names and constants the shell shows to visitors.
export const PRODUCT_NAME = 'TitleLedger';

// The spec names an external network-site link in the footer without giving its address;
// this is the one place to change it.
export const NETWORK_SITE_URL = 'https://network.titleledger.com';
export const NETWORK_SITE_LABEL = 'TitleLedger Network';

/**
 * The support e-mail, legal e-mail and phone, the same on every page that gives them (contact,
 * support, pricing, policies). The number is a
 * placeholder in the range reserved for fiction until the company's line is settled. Its hours are
 * the support page's (seed 000 §2 and §9: Mon-Fri 9AM-5PM EST); the static pages state other support
 * hours of their own (seed 001 §2.12, `CONTACT.supportHours` in the marketing feature).
 */
export const SUPPORT_CONTACT = {
  email: 'support@titleledger.com',
  legalEmail: 'legal@titleledger.com',
  phone: '+1 (415) 555-0142',
  phoneHref: 'tel:+14155550142',
  phoneHours: 'Monday to Friday, 9 AM – 5 PM Eastern',
} as const;
