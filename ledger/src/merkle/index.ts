// Merkle trees for TitleLedger batches (RFC 6962 hashing and shape). tree.ts builds trees with
// node:crypto; proof.ts verifies proofs with any SHA-256 and is safe to bundle for the browser.
export * from './proof.js';
export * from './tree.js';
