// Types for lib.mjs, for the TypeScript tests that import it.
export const root: string;
export function tscArgs(options?: { force?: boolean }): string[];
export function ensureInstalled(): void;
export function build(options?: { force?: boolean; web?: boolean }): Promise<void>;
