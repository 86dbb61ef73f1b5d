// Product-wide names and constants the shell shows to visitors.
export const PRODUCT_NAME = 'TitleLedger';

// The spec names an external network-site link in the footer without giving its address;
// this is the one place to change it.
export const NETWORK_SITE_URL = 'https://network.titleledger.com';
export const NETWORK_SITE_LABEL = 'TitleLedger Network';
