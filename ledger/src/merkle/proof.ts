// The RFC 6962 / RFC 9162 hashing and proof verification live in `@titleledger/api/merkle` (the event
// log's transparency tree uses the same code); re-exported here for the ledger, its verifier CLI and
// the verify page, which import `@titleledger/ledger/merkle/proof`; with them, the one wording of a
// leaf's position they all show.
export * from '@titleledger/api/merkle';

/**
 * "3 leaves", "1 leaf". Wherever a leaf's position is shown (the CLI, the `.tr` check, the proof
 * panel) it is its index counted from 0, as in the proof: "leaf index 0 of 3 leaves".
 */
export const leavesOf = (count: unknown): string => `${String(count)} ${count === 1 ? 'leaf' : 'leaves'}`;
