// Which HTML file of the built SPA (web/dist) the API sends for a page. The pages rendered at build
// time have their own, listed in dist/prerendered.json by the web build (web/scripts/postbuild.mjs:
// `/` → index.html, `/verify` → verify.html), so each paints before its JS runs; every other page
// gets the empty shell (app.html), so it never flashes another page before its own. A build
// without those files (an older one) sends index.html for every page.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** A page's path (`/verify`) to a file beside index.html (`verify.html`): nothing else is taken. */
const prerenderedSchema = z.record(z.string().regex(/^\/[a-z0-9/-]*$/), z.string().regex(/^[a-z0-9-]+\.html$/));

/** The file to send for each page's path, read once from the build. */
export function webPageFiles(webDist: string): (pathname: string) => string {
  const manifest = path.join(webDist, 'prerendered.json');
  const listed = existsSync(manifest) ? prerenderedSchema.parse(JSON.parse(readFileSync(manifest, 'utf8'))) : {};
  const pages = new Map(Object.entries(listed).filter(([, file]) => existsSync(path.join(webDist, file))));
  const shell = existsSync(path.join(webDist, 'app.html')) ? 'app.html' : 'index.html';
  return (pathname) => pages.get(pathname) ?? (pathname === '/' ? 'index.html' : shell);
}
