// The write side's building blocks, exported as `@titleledger/api/domain`.
export * from './decider.js';
export * from './command-handler.js';
