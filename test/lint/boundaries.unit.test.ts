// The import boundaries of eslint.config.js, checked on fixture sources linted as if they lived at a
// given path: a web feature importing another, the web app reaching into api's server code, api
// importing the ledger. The imports that are allowed are linted too, so the rule must tell them apart.
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

// Only the import rules: type information (one TypeScript program per tsconfig) would take far longer
// to build than these checks need, and the boundaries do not depend on it.
const eslint = new ESLint({
  cwd: root,
  overrideConfig: { languageOptions: { parserOptions: { project: false, projectService: false } } },
  ruleFilter: ({ ruleId }) => ruleId.startsWith('import-x/'),
});

async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  expect(result, `${file} is linted (not ignored)`).toBeDefined();
  expect(result!.messages.filter((m) => m.fatal)).toEqual([]);
  return result!.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

// The resolver reads every tsconfig on first use: seconds on a busy machine.
describe('import boundaries', { timeout: 120_000 }, () => {
  it('refuses a web feature importing another feature', async () => {
    const errors = await boundaryErrors(
      'web/src/features/search/components/fixture.tsx',
      "import { bytesToHex } from '@/features/verify/lib/hex';\nexport const x = bytesToHex;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('a web feature never imports another feature');
  });

  it('accepts a feature importing itself and the shared web code', async () => {
    const errors = await boundaryErrors(
      'web/src/features/search/components/fixture.tsx',
      "import { isSearchable } from '../api/search-registrations';\nimport { cn } from '@/lib/cn';\nexport const x = [isSearchable, cn];\n",
    );
    expect(errors).toEqual([]);
  });

  it('refuses shared web code importing a feature', async () => {
    const errors = await boundaryErrors('web/src/lib/fixture.ts', "import { bytesToHex } from '@/features/verify/lib/hex';\nexport const x = bytesToHex;\n");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('shared web code never imports a feature');
  });

  it("lets the web app import api's shared schemas but not its server code", async () => {
    expect(await boundaryErrors('web/src/lib/fixture.ts', "import { apiErrorSchema } from '@titleledger/api/schemas';\nexport const x = apiErrorSchema;\n")).toEqual([]);
    const errors = await boundaryErrors('web/src/lib/fixture.ts', "import { freePort } from '@titleledger/api/runtime';\nexport const x = freePort;\n");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('the web app imports only the browser-safe @titleledger/api/schemas');
  });

  it('refuses api importing the ledger package', async () => {
    const errors = await boundaryErrors('api/src/fixture.ts', "import { createLedgerService } from '@titleledger/ledger';\nexport const x = createLedgerService;\n");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('api never imports ledger');
  });
});
