// The Hardhat network's accounts are given as keys (hardhat.config.cjs says why). They must stay the
// accounts Hardhat derives itself from its default mnemonic, with its default balance: the embedded
// chain's genesis, the registry's deployer (#0) and anchorer (#1), and the tests' third signer (#2)
// are those.
import { createRequire } from 'node:module';
import { HDNodeWallet, Mnemonic, parseEther } from 'ethers';
import { expect, it } from 'vitest';
import { hardhatConfigPath } from './hardhat-node.js';

interface HardhatAccount {
  readonly privateKey: string;
  readonly balance: string;
}
const config = createRequire(import.meta.url)(hardhatConfigPath) as { networks: { hardhat: { accounts: HardhatAccount[] } } };

it("gives the Hardhat network the 20 accounts of Hardhat's default mnemonic, with 10,000 ETH each", () => {
  const mnemonic = Mnemonic.fromPhrase('test test test test test test test test test test test junk');
  const derived = Array.from({ length: 20 }, (_, index) => HDNodeWallet.fromMnemonic(mnemonic, `m/44'/60'/0'/0/${index}`).privateKey);
  const accounts = config.networks.hardhat.accounts;
  expect(accounts.map((account) => account.privateKey)).toEqual(derived);
  for (const account of accounts) expect(BigInt(account.balance)).toBe(parseEther('10000'));
});
