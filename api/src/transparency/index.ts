// The event log as a transparency log, exported as `@titleledger/api/transparency`: the RFC 6962 tree
// over the global event order kept as C2SP tiles, signed checkpoints, proofs, and the auditor's checks.
export * from './checkpoint.js';
export * from './log-format.js';
export * from './log-store.js';
export * from './log-service.js';
export * from './tiles.js';
export * from './verify-log.js';
export * from './export.js';
export * from './verify-mirror.js';
// The log's signing key is the registry key (checkpoints are signed with it).
export { loadRegistryKey, readRegistryKey, registryKeyFile, registryKeyFromPem, type RegistryKey } from '../tr-bundle/registry-key.js';
export { listRecordedRegistryKeys, type RecordedRegistryKey } from '../tr-bundle/registry-key-record.js';
export * from './audit-runs.js';
export * from './ledger-chain-reader.js';
