// Product-wide names and constants the shell shows to visitors.
export const PRODUCT_NAME = 'TitleLedger';

// The spec names an external network-site link in the footer without giving its address;
// this is the one place to change it.
export const NETWORK_SITE_URL = 'https://network.titleledger.com';
export const NETWORK_SITE_LABEL = 'TitleLedger Network';

/**
 * How to reach support, the same on every page that says it (contact, support, footer). The phone
 * number is a placeholder in the range reserved for fiction until the company's line is settled.
 */
export const SUPPORT_CONTACT = {
  phone: '+1 (415) 555-0142',
  phoneHref: 'tel:+14155550142',
  hours: 'Monday to Friday, 9 AM – 6 PM Eastern',
} as const;
