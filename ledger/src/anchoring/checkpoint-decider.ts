// A transparency-log checkpoint's write side, on stream `checkpoint-<treeSize>`: anchored once. Pure:
// the worker brings the anchor it sent (or found) on chain; time and ids come with the command context.
import { assertNever, type Decider } from '@titleledger/api/domain';
import { streamEventTypes, type EventData, type StreamEvent } from '@titleledger/api/events';

export type CheckpointAnchoredData = EventData<'CheckpointAnchored'>;

export type CheckpointAnchorState = { readonly status: 'none' } | { readonly status: 'anchored'; readonly anchor: CheckpointAnchoredData };

export type CheckpointAnchorCommand = { readonly type: 'RecordCheckpointAnchor'; readonly anchor: CheckpointAnchoredData };

/** The log and the chain disagree about a checkpoint: retrying cannot fix it. */
export class CheckpointConflictError extends Error {
  override name = 'CheckpointConflictError';
}

export const checkpointAnchorDecider: Decider<CheckpointAnchorState, CheckpointAnchorCommand, StreamEvent<'checkpoint'>> = {
  eventTypes: streamEventTypes('checkpoint'),
  initialState: { status: 'none' },

  decide(command, state) {
    switch (command.type) {
      case 'RecordCheckpointAnchor': {
        if (state.status === 'none') return [{ type: 'CheckpointAnchored', data: command.anchor }];
        // Recorded already: that anchor stands, unless it says another root for the same size.
        if (state.anchor.root !== command.anchor.root) {
          throw new CheckpointConflictError(`Checkpoint ${command.anchor.treeSize} was anchored with root ${state.anchor.root}, not ${command.anchor.root}`);
        }
        return [];
      }
      default:
        return assertNever(command.type);
    }
  },

  evolve(_state, event) {
    switch (event.type) {
      case 'CheckpointAnchored':
        return { status: 'anchored', anchor: event.data };
      default:
        return assertNever(event.type);
    }
  },
};
