import { describe, expect, it } from 'vitest';
import { checkpointAnchorDecider, CheckpointConflictError, type CheckpointAnchoredData } from './checkpoint-decider.js';

const anchor: CheckpointAnchoredData = {
  treeSize: 12,
  root: `0x${'ab'.repeat(32)}`,
  chainId: 31337,
  contract: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  txHash: `0x${'01'.repeat(32)}`,
  blockNumber: 4,
  blockTimestamp: 1_735_689_700,
  rawTransaction: '0x02f8',
};

describe('checkpointAnchorDecider', () => {
  it('records a checkpoint anchor once; the same anchor again is a no-op', () => {
    const events = checkpointAnchorDecider.decide({ type: 'RecordCheckpointAnchor', anchor }, checkpointAnchorDecider.initialState);
    expect(events).toEqual([{ type: 'CheckpointAnchored', data: anchor }]);
    const state = checkpointAnchorDecider.evolve(checkpointAnchorDecider.initialState, events[0]!);
    expect(state).toEqual({ status: 'anchored', anchor });
    expect(checkpointAnchorDecider.decide({ type: 'RecordCheckpointAnchor', anchor: { ...anchor, txHash: `0x${'02'.repeat(32)}` } }, state)).toEqual([]);
  });

  it('refuses another root for a checkpoint already anchored', () => {
    const state = { status: 'anchored', anchor } as const;
    expect(() => checkpointAnchorDecider.decide({ type: 'RecordCheckpointAnchor', anchor: { ...anchor, root: `0x${'cd'.repeat(32)}` } }, state)).toThrow(
      CheckpointConflictError,
    );
  });
});
