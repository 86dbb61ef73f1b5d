// When to seal: the batching policy, pure so it is tested without a database or a clock.
//
// Contract of `leavesToSeal`:
// - It MUST return 0 while fewer than `batchSize` leaves wait and the oldest has waited less than
//   `batchMs` (the batch is still filling).
// - It MUST return at most `batchSize`: a backlog is sealed in full batches, oldest leaves first,
//   one batch per call (chunking), so a burst of 10,000 registrations makes ceil(10,000 / N) batches.
// - It MUST seal whatever waits (1 … batchSize leaves) once the oldest has waited `batchMs`.

export interface PendingLeaves {
  /** Leaves sequenced but not yet in a sealed batch. */
  readonly count: number;
  /** How long the oldest of them has waited, in milliseconds (0 when there are none). */
  readonly oldestAgeMs: number;
}

export interface BatchPolicy {
  readonly batchSize: number;
  readonly batchMs: number;
}

export function leavesToSeal(pending: PendingLeaves, policy: BatchPolicy): number {
  if (pending.count <= 0) return 0;
  if (pending.count >= policy.batchSize) return policy.batchSize;
  return pending.oldestAgeMs >= policy.batchMs ? pending.count : 0;
}

/** How long to wait before the pending leaves are due (0: seal now); `undefined` when none wait. */
export function msUntilDue(pending: PendingLeaves, policy: BatchPolicy): number | undefined {
  if (pending.count <= 0) return undefined;
  if (pending.count >= policy.batchSize) return 0;
  return Math.max(0, policy.batchMs - pending.oldestAgeMs);
}

/**
 * Whether `added` newly sequenced leaves call for a look now, when `counted` were known to wait (the
 * last look counted them, and set its wake-up for their deadline; leaves nudged in since are added to
 * it): yes when none were known (the new ones start a deadline of their own), or when they fill a
 * batch. Otherwise the wake-up already set comes in time.
 */
export function newLeavesCallForALook(counted: number, added: number, policy: BatchPolicy): boolean {
  return counted <= 0 || counted + added >= policy.batchSize;
}

/** The sizes of the batches a backlog of `count` leaves is sealed into, oldest first. */
export function chunkSizes(count: number, batchSize: number): number[] {
  const sizes: number[] = [];
  for (let left = count; left > 0; left -= batchSize) sizes.push(Math.min(left, batchSize));
  return sizes;
}
