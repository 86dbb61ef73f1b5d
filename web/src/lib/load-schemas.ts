// The shared schemas (`@titleledger/api/schemas`, and zod with them: about 37 kB gzip), loaded when a
// page first reads an answer rather than with its first paint. Pages on the way in (/, /verify) take
// them from here; their types stay static imports, which cost nothing at run time.
export const loadSchemas = () => import('@titleledger/api/schemas');
