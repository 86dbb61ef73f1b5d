// A batch's write side, on stream `batch-<batchId>`: sealed once, then anchored once. Pure: the
// worker brings the batch it built from ledger_leaves and the anchor it found on chain; the time and
// the event ids come with the command context (handleCommand), never from a clock in here.
import { assertNever, type Decider } from '@titleledger/api/domain';
import { streamEventTypes, type EventData, type StreamEvent } from '@titleledger/api/events';

export type BatchSealedData = EventData<'BatchSealed'>;
export type RootAnchoredData = EventData<'RootAnchored'>;

export type BatchState =
  | { readonly status: 'none' }
  | { readonly status: 'sealed'; readonly sealed: BatchSealedData }
  | { readonly status: 'anchored'; readonly sealed: BatchSealedData; readonly anchor: RootAnchoredData };

export type BatchCommand =
  | { readonly type: 'SealBatch'; readonly batch: BatchSealedData }
  | { readonly type: 'RecordAnchor'; readonly anchor: RootAnchoredData };

/** The log and the chain disagree about a batch: retrying cannot fix it. */
export class BatchConflictError extends Error {
  override name = 'BatchConflictError';
}

export const batchDecider: Decider<BatchState, BatchCommand, StreamEvent<'batch'>> = {
  eventTypes: streamEventTypes('batch'),
  initialState: { status: 'none' },

  decide(command, state) {
    switch (command.type) {
      case 'SealBatch':
        // Sealed already (by another instance, or before a crash): that seal stands.
        return state.status === 'none' ? [{ type: 'BatchSealed', data: command.batch }] : [];
      case 'RecordAnchor': {
        const { anchor } = command;
        if (state.status === 'none') throw new BatchConflictError(`Batch ${anchor.batchId} is anchored but was never sealed`);
        if (state.sealed.batchId !== anchor.batchId || state.sealed.root !== anchor.root) {
          throw new BatchConflictError(`Batch ${state.sealed.batchId} was sealed with root ${state.sealed.root}, not anchored as batch ${anchor.batchId} root ${anchor.root}`);
        }
        // Recorded already: the recorded anchor stands.
        return state.status === 'sealed' ? [{ type: 'RootAnchored', data: anchor }] : [];
      }
      default:
        return assertNever(command);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'BatchSealed':
        return { status: 'sealed', sealed: event.data };
      case 'RootAnchored':
        return state.status === 'none' ? state : { status: 'anchored', sealed: state.sealed, anchor: event.data };
      default:
        return assertNever(event);
    }
  },
};
