// §10.3 deposit wallet addresses and §10.4 generated transaction hashes: the contract's vectors, and
// every derived address passes §4.3's validator for its chain.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { depositWalletAddress, generatedTxHash, storedTxHash } from '../../../src/core/addresses/derive.js';
import { isValidAddress, type Blockchain } from '../../../src/core/addresses/index.js';
import wallets from '../../vectors/deposit-wallet.json' with { type: 'json' };
import hashes from '../../vectors/tx-hash.json' with { type: 'json' };

const chains: Blockchain[] = ['ETH', 'TRON', 'BTC', 'SOL'];

describe('§10.3 deposit wallets', () => {
  it.each(wallets.vectors)('vector $routeCode', (v) => {
    expect(depositWalletAddress(v.blockchain as Blockchain, v.routeCode, v.customerId)).toBe(v.address);
    expect(depositWalletAddress(v.blockchain as Blockchain, v.routeCode, v.customerId.toUpperCase())).toBe(v.address);
  });

  it('every derived address is valid on its chain (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...chains), fc.string({ minLength: 1, maxLength: 64 }), fc.uuid(), (chain, route, customer) => {
        expect(isValidAddress(chain, depositWalletAddress(chain, route, customer))).toBe(true);
      }),
    );
  });
});

describe('§10.4 transaction hashes', () => {
  it.each(hashes.vectors)('vector $recordId', (v) => {
    for (const chain of chains) expect(generatedTxHash(chain, v.recordId)).toBe(v[chain]);
  });

  it('generated hashes are in their chain\'s accepted form, stored as generated (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...chains), fc.uuid(), (chain, id) => {
        const h = generatedTxHash(chain, id);
        expect(storedTxHash(chain, h)).toBe(h);
      }),
    );
  });

  it('accepted forms: hex in any case is stored lower case; SOL as given; anything else refused', () => {
    const hex = 'AB'.repeat(32);
    expect(storedTxHash('ETH', `0x${hex}`)).toBe(`0x${hex.toLowerCase()}`);
    expect(storedTxHash('ETH', hex)).toBeUndefined();
    expect(storedTxHash('TRON', hex)).toBe(hex.toLowerCase());
    expect(storedTxHash('BTC', `0x${hex}`)).toBeUndefined();
    expect(storedTxHash('BTC', hex.slice(2))).toBeUndefined();
    expect(storedTxHash('SOL', hashes.vectors[0]!.SOL)).toBe(hashes.vectors[0]!.SOL);
    expect(storedTxHash('SOL', '1111')).toBeUndefined();
    expect(storedTxHash('SOL', '0OIl')).toBeUndefined();
  });
});
