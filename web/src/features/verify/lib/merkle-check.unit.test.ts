// The browser's proof check, run here with Node 20's Web Crypto against trees built by the ledger.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';

import { MerkleTree } from '../../../../../ledger/src/merkle/tree';
import { bytesToHex } from './hex';
import { checkProof, webCryptoSha256, type LedgerProof } from './merkle-check';

const registrationHash = (i: number) => createHash('sha256').update(`registration ${i}`).digest('hex');

function proofFor(size: number, index: number): LedgerProof {
  const leaves = Array.from({ length: size }, (_, i) => Buffer.from(registrationHash(i), 'hex'));
  const tree = MerkleTree.fromLeaves(leaves);
  const inclusion = tree.inclusionProof(index);
  return {
    tr_number: 'TR-COPY-2026-ABCDEFGH',
    leaf: { hash: registrationHash(index), leafHash: bytesToHex(inclusion.leafHash), index },
    proof: { treeSize: size, path: inclusion.path.map((h) => `0x${bytesToHex(h)}`) },
    root: `0x${bytesToHex(tree.root)}`,
    batchId: 1,
    chainId: 31337,
    contract: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
    txHash: `0x${'11'.repeat(32)}`,
    blockNumber: 5,
    blockTimestamp: 1_767_225_600,
  };
}

const allPassed = { leafIsRegistration: true, leafHashOk: true, pathOk: true };

describe('checking a proof with Web Crypto', () => {
  it('computes SHA-256 like node:crypto', async () => {
    const bytes = new TextEncoder().encode('abc');
    expect(bytesToHex(await webCryptoSha256(bytes))).toBe(createHash('sha256').update(bytes).digest('hex'));
  });

  it.each([
    [1, 0],
    [2, 1],
    [3, 2],
    [7, 3],
    [8, 7],
    [13, 12],
  ])('accepts every honest proof (tree of %i, leaf %i)', async (size, index) => {
    const proof = proofFor(size, index);
    const check = await checkProof(proof, registrationHash(index));
    expect(check).toMatchObject(allPassed);
    expect(`0x${check.computedRoot}`).toBe(proof.root);
  });

  it('fails the path when one bit of a sibling flips', async () => {
    const proof = proofFor(13, 4);
    const first = proof.proof.path[0]!;
    const flipped = first.slice(0, -1) + (Number.parseInt(first.slice(-1), 16) ^ 1).toString(16);
    const check = await checkProof({ ...proof, proof: { ...proof.proof, path: [flipped, ...proof.proof.path.slice(1)] } }, registrationHash(4));
    expect(check).toMatchObject({ leafHashOk: true, pathOk: false });
  });

  it('fails the path against another root, and for a wrong index or size', async () => {
    const proof = proofFor(13, 4);
    expect((await checkProof({ ...proof, root: proofFor(13, 5).root.replace(/.$/, '0') }, registrationHash(4))).pathOk).toBe(false);
    expect((await checkProof({ ...proof, leaf: { ...proof.leaf, index: 5 } }, registrationHash(4))).pathOk).toBe(false);
    expect((await checkProof({ ...proof, proof: { ...proof.proof, treeSize: 100 } }, registrationHash(4))).pathOk).toBe(false);
  });

  it('fails the leaf when the served leaf hash is not SHA-256(0x00 || hash)', async () => {
    const proof = proofFor(4, 1);
    const check = await checkProof({ ...proof, leaf: { ...proof.leaf, leafHash: registrationHash(1) } }, registrationHash(1));
    expect(check.leafHashOk).toBe(false);
  });

  it('notices a proof for some other registration', async () => {
    const check = await checkProof(proofFor(4, 1), registrationHash(2));
    expect(check).toMatchObject({ leafIsRegistration: false, leafHashOk: true, pathOk: true });
  });

  it('fails, without throwing, on malformed hashes', async () => {
    const proof = proofFor(4, 1);
    const check = await checkProof({ ...proof, proof: { ...proof.proof, path: ['nope'] } }, registrationHash(1));
    expect(check).toEqual({ leafIsRegistration: true, leafHashOk: true, computedRoot: undefined, pathOk: false });
    const badLeaf = await checkProof({ ...proof, leaf: { ...proof.leaf, hash: 'nope' } }, registrationHash(1));
    expect(badLeaf).toEqual({ leafIsRegistration: false, leafHashOk: false, computedRoot: undefined, pathOk: false });
  });
});
