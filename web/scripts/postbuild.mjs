// After `vite build` (the SPA into dist/) and `vite build --ssr src/prerender.tsx` (into dist-ssr/):
// puts each page rendered at build time into a copy of dist/index.html (`/` into index.html itself,
// `/verify` into verify.html) and lists them in dist/prerendered.json, which the API reads to send
// each its own file, so those pages paint before their JS runs; keeps the empty shell as
// dist/app.html for every other path; then writes a brotli and a gzip copy beside every text file,
// which the API sends as they are (@fastify/static `preCompressed`) instead of compressing on each
// request (issue 18 item 3).
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(web, 'dist');
const ssr = path.join(web, 'dist-ssr');
const ROOT = '<div id="root"></div>';

const shell = await readFile(path.join(dist, 'index.html'), 'utf8');
if (!shell.includes(ROOT)) throw new Error(`dist/index.html has no ${ROOT} to fill`);
const { renderPage, PRERENDERED_PATHS } = await import(pathToFileURL(path.join(ssr, 'prerender.js')).href);
await writeFile(path.join(dist, 'app.html'), shell);
const prerendered = {};
const sizes = [];
for (const page of PRERENDERED_PATHS) {
  const file = page === '/' ? 'index.html' : `${page.slice(1).replaceAll('/', '-')}.html`;
  const html = await renderPage(page);
  // A function, so a `$` in the page is written as it is, not read as a replacement pattern.
  await writeFile(path.join(dist, file), shell.replace(ROOT, () => `<div id="root">${html}</div>`));
  prerendered[page] = file;
  sizes.push(`${page} ${(html.length / 1024).toFixed(1)} kB`);
}
await writeFile(path.join(dist, 'prerendered.json'), `${JSON.stringify(prerendered, null, 2)}\n`);
await rm(ssr, { recursive: true, force: true });

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
const texts = (await readdir(dist, { recursive: true })).filter((name) => /\.(js|css|html|svg|json|txt)$/.test(name));
await Promise.all(
  texts.map(async (name) => {
    const file = path.join(dist, name);
    const content = await readFile(file);
    await writeFile(`${file}.br`, await brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }));
    await writeFile(`${file}.gz`, await gzipped(content, { level: 9 }));
  }),
);
console.log(`prerendered ${sizes.join(', ')} of HTML; compressed ${texts.length} files`);
