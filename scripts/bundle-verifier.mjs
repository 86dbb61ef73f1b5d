// The `.tr` verifier as one file a stranger runs with plain `node`, nothing to install and no
// checkout: ledger/src/verifier/cli.ts and the modules it imports, bundled by esbuild into
// ledger/dist/verifier/titleledger-verify.mjs. The API serves it at /downloads/titleledger-verify.mjs
// with its SHA-256 (api/src/verifier-download/), and the verify page links to it. `npm run build`
// (lib.mjs) runs this after tsc.
//
// Not minified, so a verifier can read what they run. The output depends only on the sources, the
// esbuild version and package.json's version (paths are relative to the repository, no date, no
// commit), so a copy built from the source has the same SHA-256 as the one a server gives.
// The file is written only when its bytes change: its modification time then says when it last did.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildSync } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
export const VERIFIER_BUNDLE = path.join(root, 'ledger/dist/verifier/titleledger-verify.mjs');
const FILE_NAME = path.basename(VERIFIER_BUNDLE);

function header() {
  const { version, license } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  return [
    `// ${FILE_NAME}: TitleLedger's verifier of \`.tr\` proof files, in one file.`,
    '// It checks a file independently of the site that issued it: the signature, the commitment, the',
    "// Merkle proof, the anchor on chain and the registry's signing key. Needs Node.js 20 or later and",
    '// nothing else (no install, no checkout):',
    `//   node ${FILE_NAME} <file.tr> --registry-key <TitleLedger's registry key>`,
    `//   node ${FILE_NAME} <file.tr> --contract <TitleLedger's registry contract> --rpc <an RPC you trust>`,
    `//   node ${FILE_NAME} --help`,
    '// Exit codes: 0 VERIFIED, 1 FAILED, 2 bad usage or unreadable input, 3 NOT VERIFIED (consistent, but',
    '// nothing you pinned ties the file to TitleLedger). Compare the pins with a source you trust.',
    '//',
    `// TitleLedger ${version}. Licence: ${license ?? 'none declared (TitleLedger\'s package.json names none)'}.`,
    "// Source: ledger/src/verifier/ in TitleLedger's source: cli.ts and the modules it imports, each",
    '// marked below by its path; bundled by esbuild at `npm run build`, not minified (the source\'s',
    '// comments are left out). `npm run verify` in a checkout runs the same code.',
    '//',
    '// Before you trust this copy, check its SHA-256 and compare it with the one the verify page shows',
    '// and with one from a source you trust (a copy you built from the source is byte for byte the same):',
    `//   sha256sum ${FILE_NAME}                      (Linux)`,
    `//   shasum -a 256 ${FILE_NAME}                  (macOS)`,
    `//   Get-FileHash -Algorithm SHA256 ${FILE_NAME}  (Windows PowerShell)`,
    '// The hash covers this whole file, this comment included.',
  ].join('\n');
}

/** Bundles the verifier; returns whether the file changed. */
function bundleVerifier() {
  const result = buildSync({
    absWorkingDir: root,
    entryPoints: ['ledger/src/verifier/cli.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // The package's own source (the "source" export condition), as vitest and vite resolve it.
    conditions: ['source'],
    minify: false,
    legalComments: 'inline',
    charset: 'utf8',
    banner: { js: header() },
    write: false,
    logLevel: 'warning',
  });
  const [output] = result.outputFiles;
  const text = output.text;
  if (existsSync(VERIFIER_BUNDLE) && readFileSync(VERIFIER_BUNDLE, 'utf8') === text) return false;
  mkdirSync(path.dirname(VERIFIER_BUNDLE), { recursive: true });
  writeFileSync(VERIFIER_BUNDLE, text);
  return true;
}

if (process.argv[1] === import.meta.filename) {
  const changed = bundleVerifier();
  console.error(`${changed ? 'Bundled' : 'Up to date:'} ${path.relative(root, VERIFIER_BUNDLE)}`);
}
