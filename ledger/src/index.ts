// The ledger, exported as `@titleledger/ledger`: the service (sequencing, batching, anchoring,
// proofs), its migrations, the chain adapter, and the Merkle library. Its events (BatchSealed,
// RootAnchored) are in the catalogue, `@titleledger/api/events`.
export { createLedgerService, type LedgerService, type LedgerServiceOptions, type LedgerStatus } from './service.js';
export { ledgerMigrations } from './migrations.js';
export { proofsMigrations } from './proofs/migrations.js';
export { proofsReadModel } from './proofs/proofs-projection.js';
export { AnchorChain, ROOT_ANCHORED_TOPIC } from './chain/anchor-chain.js';
export { startEmbeddedChain, EMBEDDED_CONTRACT, EMBEDDED_CHAIN_ID, EMBEDDED_ANCHORER_KEY, EMBEDDED_DEPLOYER_KEY } from './chain/embedded-chain.js';
export { leavesToSeal, chunkSizes, msUntilDue, type BatchPolicy } from './batching/policy.js';
export * as merkle from './merkle/index.js';
export { openCheckpointReader, type OpenCheckpointReader } from './chain/checkpoint-reader.js';
export { openAuditChain, type AuditChain } from './chain/audit-chain.js';
export { verifyAnchors, verifyAnchorsSummary, DEFAULT_ANCHOR_GRACE_MS, type VerifyAnchorsOptions } from './audit/verify-anchors.js';
