// The shared schemas (`@titleledger/api/schemas`, and zod with them), loaded when a page first reads
// an answer rather than with its first paint. Whatever a first-painted page reads takes them from
// here; their types stay static imports, which cost nothing at run time. The bundle test
// (test/bench/web-bundle.unit.test.ts) fails when zod is in the first paint of / or /verify.
//
// Building every schema takes a phone's main thread a few hundred milliseconds (Lighthouse's 4×
// slower CPU), so what the landing page reads as it opens (the session, the fee, the figures, a search)
// loads from the files that define it (`@titleledger/api/schemas/<file>`), each its own small
// chunk: the rest are built only when a page needs them.
export const loadSchemas = () => import('@titleledger/api/schemas');

/** GET /api/auth/session's answer (every page's header asks it). */
export const loadSessionSchemas = () => import('@titleledger/api/schemas/session');

/** The public search and the landing page's figures. */
export const loadSearchSchemas = () => import('@titleledger/api/schemas/search');

/** GET /api/payment/config: the provider and the fee (the landing page shows the fee). */
export const loadPaymentConfigSchemas = () => import('@titleledger/api/schemas/payment-config');
