// The shared schemas (`@titleledger/api/schemas`, and zod with them: about 37 kB gzip), loaded when a
// page first reads an answer rather than with its first paint. Whatever a first-painted page reads
// takes them from here (the session, the landing page's stats and search, the verify page's
// answers); their types stay static imports, which cost nothing at run time. The bundle test
// (test/bench/web-bundle.unit.test.ts) fails when zod is in the first paint of / or /verify.
export const loadSchemas = () => import('@titleledger/api/schemas');
