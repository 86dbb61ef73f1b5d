// What every accounts use case is given (wired once per app in ../feature.ts), and the few steps they
// share: running a command on the user's stream, opening the active user's key, background work.
import type pg from 'pg';
import type { Logger } from 'pino';
import { handleCommand, handleCommandDecidingAgain, type CommandContext, type CommandFromState, type HandledCommand } from '../../domain/command-handler.js';
import { unauthorized } from '../../errors.js';
import type { EventStore } from '../../eventstore/types.js';
import type { BlobStore } from '../../documents/blob-store.js';
import type { Position } from '../../eventstore/position.js';
import type { Mailer } from '../../mail/mailer.js';
import type { PaymentProvider } from '../../payments/provider.js';
import type { AttemptLimiter } from '../attempt-limiter.js';
import type { ServerKeyring } from '../crypto.js';
import { requireActive, userDecider, type ActiveUser, type UserCommand, type UserState } from '../decider.js';
import { userStreamId, type UserEvent } from '../events.js';
import type { Sessions } from '../sessions.js';
import type { UserKeys } from '../user-keys.js';

export interface AccountsDeps {
  readonly store: EventStore;
  readonly pool: pg.Pool;
  readonly keyring: ServerKeyring;
  readonly keys: UserKeys;
  readonly payments: PaymentProvider;
  readonly sessions: Sessions;
  readonly limiter: AttemptLimiter;
  readonly log: Logger;
  readonly publicUrl: string;
  readonly mailer: Mailer;
  readonly background: BackgroundWork;
  /** The read-your-writes wait (http/projection-waiter.ts): a deletion archives titles once they are all listed. */
  readonly waitForProjections: (position: Position | undefined, readModels: readonly string[]) => Promise<void>;
  /** The works' blob store: a deletion deletes the account's works with its titles. */
  readonly works: Pick<BlobStore, 'delete' | 'has'>;
}

/** Who is asking: the command context, and the user agent a new session records. */
export interface Requester {
  readonly context: CommandContext;
  readonly userAgent?: string | null;
}

export interface SignedIn {
  readonly userId: string;
  readonly token: string;
  readonly position: Position | undefined;
}

/** Runs a command (or one made from the folded state) on the user's stream, as that user. */
export function onUserStream(
  deps: AccountsDeps,
  userId: string,
  command: UserCommand | CommandFromState<UserState, UserCommand>,
  context: CommandContext,
  /** Decide again this many times in all when another writer appended first (default: a 409 at once). */
  options: { readonly tries?: number } = {},
): Promise<HandledCommand<UserEvent>> {
  const streamContext = { ...context, actor: { kind: 'user' as const, id: userId, role: null } };
  return options.tries
    ? handleCommandDecidingAgain(deps.store, userStreamId(userId), userDecider, command, streamContext, options.tries)
    : handleCommand(deps.store, userStreamId(userId), userDecider, command, streamContext);
}

/** The global position a command wrote (undefined when it wrote nothing): what the routes wait for. */
export const writtenAt = (handled: HandledCommand<UserEvent>): Position | undefined => handled.appended?.position;

/** The active user and their key; a user whose key is gone (deleted) is a 401. */
export async function openAccount(deps: AccountsDeps, state: UserState): Promise<{ user: ActiveUser; key: Buffer }> {
  const user = requireActive(state);
  const key = await deps.keys.find(user.userId);
  if (!key) throw unauthorized('This account no longer exists.');
  return { user, key };
}

/** Work that goes on after its request was answered; the app waits for it on close. */
export class BackgroundWork {
  readonly #tasks = new Set<Promise<void>>();

  constructor(private readonly log: Logger) {}

  /** Starts `work` on the next turn of the event loop, once the answer is on its way; a failure is logged. */
  run(what: string, work: () => Promise<void>): void {
    const task = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((error: unknown) => this.log.error({ err: error }, `${what} failed`));
    this.#tasks.add(task);
    void task.finally(() => this.#tasks.delete(task));
  }

  /** Resolves when every task has finished. */
  async settled(): Promise<void> {
    while (this.#tasks.size > 0) await Promise.all(this.#tasks);
  }
}
