// The RFC 6962 / RFC 9162 hashing and proof verification live in `@titleledger/api/merkle` (the event
// log's transparency tree uses the same code); re-exported here for the ledger, its verifier CLI and
// the verify page, which import `@titleledger/ledger/merkle/proof`.
export * from '@titleledger/api/merkle';
