// Types for compose.mjs, for the TypeScript tests and benchmarks that import it.
import type { RunAppOptions } from '@titleledger/api/runtime';

export function embeddedComposition(): Pick<RunAppOptions, 'migrations' | 'services'>;
