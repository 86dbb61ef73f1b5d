// The committed artifact module must be what the committed Solidity compiles to: consumers deploy it
// without a compile step, so a stale one would deploy an old contract.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileAnchorRegistry, renderTsArtifact, tsArtifactPath } from '../scripts/compile.mjs';
import { anchorRegistryAbi, anchorRegistryBytecode } from './index.js';

describe('anchor-registry.artifact.ts', () => {
  it('matches a fresh compile of solidity/AnchorRegistry.sol (run `node contracts/scripts/compile.mjs` if not)', () => {
    const fresh = compileAnchorRegistry();
    expect(fresh.bytecode).toBe(anchorRegistryBytecode);
    expect(fresh.abi).toEqual(anchorRegistryAbi);
    expect(readFileSync(tsArtifactPath, 'utf8')).toBe(renderTsArtifact(fresh));
  }, 60_000);
});
