// The web build's `zod`: vite.config.ts resolves every bare `zod` import (the web's and the shared
// schemas' in @titleledger/api) to this module, so zod is configured before any schema is built,
// in whichever chunk zod first loads (zod and the schemas load with the first API call, not with
// the landing page's first paint).
//
// zod compiles object parsers with `new Function` when it may; its probe for that is caught, but a
// strict Content-Security-Policy (no 'unsafe-eval') still reports it as a violation. Parsing
// without the compiled fast path is plenty fast for forms. The setting is read when an object
// schema is created, hence here, before any.
import * as z from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
export { z };
