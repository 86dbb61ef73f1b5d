import { describe, it } from 'vitest';
import { specification } from '../../../test/support/decider-spec.js';
import { BatchConflictError, batchDecider, type BatchSealedData, type RootAnchoredData } from './decider.js';

const root = `0x${'1'.repeat(64)}`;
const batch: BatchSealedData = { batchId: 3, root, leafCount: 2, firstLeafIndex: 10, trNumbers: ['TR-COPY-2026-AAAAAAAA', 'TR-COPY-2026-BBBBBBBB'], hashes: ['a'.repeat(64), 'b'.repeat(64)] };
const anchor: RootAnchoredData = {
  batchId: 3,
  root,
  chainId: 31337,
  contract: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  txHash: `0x${'2'.repeat(64)}`,
  blockNumber: 7,
  blockTimestamp: 1_767_323_045,
  rawTransaction: '0x02f8',
};
const sealed = { type: 'BatchSealed' as const, data: batch };
const anchored = { type: 'RootAnchored' as const, data: anchor };
const { given } = specification(batchDecider);

describe('batch decider', () => {
  describe('none', () => {
    it('seals the batch', () => {
      given().when({ type: 'SealBatch', batch }).then([sealed]);
    });
    it('cannot be anchored before it is sealed', () => {
      given().when({ type: 'RecordAnchor', anchor }).thenThrows(BatchConflictError, /never sealed/);
    });
  });

  describe('sealed', () => {
    it('keeps its seal: a second seal (another instance, a restart) records nothing', () => {
      given(sealed).when({ type: 'SealBatch', batch: { ...batch, root: `0x${'3'.repeat(64)}` } }).thenNothing();
    });
    it('records the anchor of its own root', () => {
      given(sealed).when({ type: 'RecordAnchor', anchor }).then([anchored]);
    });
    it('refuses an anchor of another root or batch: the chain contradicts the log', () => {
      given(sealed).when({ type: 'RecordAnchor', anchor: { ...anchor, root: `0x${'3'.repeat(64)}` } }).thenThrows(BatchConflictError, /was sealed with root/);
      given(sealed).when({ type: 'RecordAnchor', anchor: { ...anchor, batchId: 4 } }).thenThrows(BatchConflictError);
    });
  });

  it('anchored: records nothing more', () => {
    given(sealed, anchored).when({ type: 'RecordAnchor', anchor }).thenNothing();
    given(sealed, anchored).when({ type: 'SealBatch', batch }).thenNothing();
  });
});
