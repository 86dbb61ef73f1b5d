// A projection names the events it reads and turns a batch of them into SQL, inside the
// runner's transaction. Its checkpoint moves in that same transaction.
import type pg from 'pg';
import type { RecordedEvent } from '@titleledger/api/eventstore';

export interface Projection {
  readonly name: string;
  /** Tables the projection owns; `rebuild` empties them before replaying from position 0. */
  readonly tables: readonly string[];
  /**
   * Event types after which this read model is committed ahead of the others, in a transaction of its
   * own, because an answer waits on it (a submission waits on `registrations` for its TitleRegistered).
   * A batch without one of these it applies with the rest of the group, in one commit.
   */
  readonly commitFirstOn?: readonly string[];
  /** Applies a batch in log order. Must only touch its own tables, through `tx`. */
  apply(events: readonly RecordedEvent[], tx: pg.PoolClient): Promise<void>;
}
