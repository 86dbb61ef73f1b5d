// Imported first by main.tsx. zod compiles object parsers with `new Function` when it may; its
// probe for that is caught, but a strict Content-Security-Policy (no 'unsafe-eval') still reports
// it as a violation. Parsing without the compiled fast path is plenty fast for forms.
import { z } from 'zod';

z.config({ jitless: true });
