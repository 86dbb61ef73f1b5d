// Hardhat is used only as a local EVM: the in-process `hardhat` network for tests and `hardhat node`
// for the embedded default chain. Solidity is compiled by scripts/compile.mjs with the pinned
// solc-js, never by Hardhat (whose compile task downloads a compiler, which fails offline).
//
//   npx hardhat --config contracts/hardhat.config.cjs node --port 8545
/** @type {import('hardhat/config').HardhatUserConfig} */
module.exports = {
  defaultNetwork: 'hardhat',
  networks: {
    hardhat: {
      chainId: 31337,
      // One block per transaction, mined at once: an anchor is confirmed as soon as it is sent.
      mining: { auto: true, interval: 0 },
      // A fixed genesis (with Hardhat's fixed mnemonic accounts): the ledger rebuilds its in-memory
      // embedded chain after a restart by replaying the same signed transactions with their recorded
      // timestamps, and gets the same transaction hashes and block numbers back.
      initialDate: '2025-01-01T00:00:00Z',
    },
  },
  // Keep Hardhat's own output apart from ours (artifacts/AnchorRegistry.json); both are git-ignored.
  paths: {
    sources: './solidity',
    artifacts: './artifacts/hardhat',
    cache: './artifacts/hardhat-cache',
  },
};
