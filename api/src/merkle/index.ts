// RFC 6962 / RFC 9162 Merkle trees, browser-safe (no node: imports; callers pass their SHA-256), exported
// as `@titleledger/api/merkle`: hashing and inclusion verification (rfc6962.ts), proofs by index over
// stored subtree hashes and consistency verification (log-proofs.ts). The ledger's batch trees and the
// event log's transparency tree both use it.
export * from './rfc6962.js';
export * from './log-proofs.js';
