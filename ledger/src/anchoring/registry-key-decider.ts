// A registry key rotation's write side, on stream `registrykey-<position>`: bound once. Pure: the
// rotation command (chain/rotate-key.ts) brings the binding it sent (or found) on chain.
import { assertNever, type Decider } from '@titleledger/api/domain';
import { streamEventTypes, type EventData, type StreamEvent } from '@titleledger/api/events';

export type RegistryKeyRotatedData = EventData<'RegistryKeyRotated'>;

export type RegistryKeyState = { readonly status: 'none' } | { readonly status: 'bound'; readonly rotation: RegistryKeyRotatedData };

export type RegistryKeyCommand = { readonly type: 'RecordKeyRotation'; readonly rotation: RegistryKeyRotatedData };

/** Position `n` is bound to another key already: the log and this rotation disagree. */
export class RegistryKeyConflictError extends Error {
  override name = 'RegistryKeyConflictError';
}

export const registryKeyDecider: Decider<RegistryKeyState, RegistryKeyCommand, StreamEvent<'registrykey'>> = {
  eventTypes: streamEventTypes('registrykey'),
  initialState: { status: 'none' },

  decide(command, state) {
    switch (command.type) {
      case 'RecordKeyRotation': {
        if (state.status === 'none') return [{ type: 'RegistryKeyRotated', data: command.rotation }];
        // Recorded already (a rerun after a crash): that binding stands, unless it names another key.
        if (state.rotation.fingerprint !== command.rotation.fingerprint) {
          throw new RegistryKeyConflictError(
            `Registry key ${command.rotation.position} is ${state.rotation.fingerprint} already, not ${command.rotation.fingerprint}`,
          );
        }
        return [];
      }
      default:
        return assertNever(command.type);
    }
  },

  evolve(_state, event) {
    switch (event.type) {
      case 'RegistryKeyRotated':
        return { status: 'bound', rotation: event.data };
      default:
        return assertNever(event.type);
    }
  },
};
