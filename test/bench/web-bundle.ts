// What JS a page of the built SPA loads before its first paint, read from web/dist (vite's
// `build.manifest`): the entry chunk and every chunk it imports statically (index.html
// modulepreloads them), plus, for a page loaded on demand, its route module and that module's static
// imports. Shared by the bench (test/bench/web.ts) and the budget test (web-bundle.unit.test.ts).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { z } from 'zod';

export const WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** The issue 18 target: the landing page's JS before first paint, gzip. */
export const LANDING_JS_BUDGET_GZIP = 120 * 1024;

const manifestSchema = z.record(
  z.string(),
  z.object({
    file: z.string(),
    isEntry: z.boolean().optional(),
    imports: z.array(z.string()).optional(),
    dynamicImports: z.array(z.string()).optional(),
  }),
);
type Manifest = z.infer<typeof manifestSchema>;

/**
 * /verify's JS before first paint, gzip: the entry plus the page and what it shows at once. zod and
 * the shared schemas (about 37 kB gzip) load with the first answer, not here. 150 kB until
 * 2026-11-27, with 0.2 kB left: where a new page starts and where focus goes (the router's hook and
 * the preload names of its chunks, app/page-arrival.ts; the buttons' pending state) took 0.3 kB more.
 */
export const VERIFY_JS_BUDGET_GZIP = 151 * 1024;

/** The pages measured, the route module each loads on demand (none: the page is in the entry), and its budget. */
export const MEASURED_PAGES = [
  { path: '/', routeModule: undefined, budgetGzip: LANDING_JS_BUDGET_GZIP },
  { path: '/verify', routeModule: 'src/features/verify/components/verify-page.tsx', budgetGzip: VERIFY_JS_BUDGET_GZIP },
] as const;

export interface InitialJs {
  readonly files: readonly string[];
  readonly rawBytes: number;
  readonly gzipBytes: number;
}

export function readManifest(dist = WEB_DIST): Manifest {
  const file = path.join(dist, '.vite/manifest.json');
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first (web/vite.config.ts sets build.manifest).`);
  return manifestSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
}

function staticClosure(manifest: Manifest, key: string, into: Set<string>): void {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in web/dist's manifest`);
  if (into.has(chunk.file)) return;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
}

/** The JS files (and their raw and gzip sizes) a page needs before it can paint. */
export function initialJs(routeModule: string | undefined, dist = WEB_DIST, manifest = readManifest(dist)): InitialJs {
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry)?.[0];
  if (!entry) throw new Error("web/dist's manifest has no entry chunk");
  const files = new Set<string>();
  staticClosure(manifest, entry, files);
  if (routeModule) staticClosure(manifest, routeModule, files);
  let rawBytes = 0;
  let gzipBytes = 0;
  for (const file of files) {
    const bytes = readFileSync(path.join(dist, file));
    rawBytes += bytes.length;
    gzipBytes += gzipSync(bytes).length;
  }
  return { files: [...files].sort(), rawBytes, gzipBytes };
}
