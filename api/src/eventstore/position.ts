// A position in the global log. Both adapters order the log by a pair of numbers:
// Postgres by (transaction id, sequence), EventStoreDB by (commit, prepare).
// Comparing the pair lexicographically gives the one global order readAll returns.

export interface Position {
  readonly commit: bigint;
  readonly prepare: bigint;
}

/** Before the first event of any log. */
export const START: Position = Object.freeze({ commit: 0n, prepare: 0n });

export function comparePositions(a: Position, b: Position): -1 | 0 | 1 {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

export const isAfter = (a: Position, b: Position) => comparePositions(a, b) > 0;

export function formatPosition(p: Position): string {
  return `${p.commit}/${p.prepare}`;
}

export function parsePosition(text: string): Position {
  const match = /^(-?\d+)\/(-?\d+)$/.exec(text);
  if (!match) throw new Error(`Not a log position: ${text}`);
  return { commit: BigInt(match[1]!), prepare: BigInt(match[2]!) };
}
