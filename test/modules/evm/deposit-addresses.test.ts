// §18.2 the deposit address vector: child 0/i of EVM_DEPOSIT_XPUB, watch-only, agrees with the table and
// with the same children derived from the mnemonic (m/44'/60'/1'/0/i).
import fs from 'node:fs';
import { mnemonicToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { DepositAddresses, xpubFingerprint } from '../../../src/modules/evm/index.js';

const vector = JSON.parse(fs.readFileSync(new URL('../../vectors/evm-deposit-address.json', import.meta.url), 'utf8')) as {
  mnemonic: string;
  xpub: string;
  cases: { index: number; address: string }[];
};

describe('§18.2 EVM deposit addresses', () => {
  const addresses = new DepositAddresses(vector.xpub);
  for (const c of vector.cases)
    it(`child 0/${c.index} is ${c.address}, from the xpub and from the mnemonic`, () => {
      expect(addresses.at(c.index)).toBe(c.address);
      expect(mnemonicToAccount(vector.mnemonic, { accountIndex: 1, addressIndex: c.index }).address).toBe(c.address);
    });

  it('account 0 of the mnemonic is anvil’s first prefunded account', () => {
    expect(mnemonicToAccount(vector.mnemonic, { addressIndex: 0 }).address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
  });

  it('the fingerprint is the SHA-256 of the serialisation, not the xpub', () => {
    const f = xpubFingerprint(vector.xpub);
    expect(f).toMatch(/^[0-9a-f]{64}$/);
    expect(f).not.toContain(vector.xpub);
  });
});
