// §15.2 checkout and collection-wallet addresses: the contract's vectors (vectors/collection-address.json),
// every derived address valid on its chain, and §15.7's operation-hash vector through the client's
// evidence over the path id collectionPaymentId.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildEvidence } from '../../../src/client/index.js';
import { checkoutAddress, collectionWalletAddress } from '../../../src/core/addresses/derive.js';
import { isValidAddress, type Blockchain } from '../../../src/core/addresses/index.js';
import { operationHashOf } from '../../../src/core/operation-hash.js';
import vectors from '../../vectors/collection-address.json' with { type: 'json' };
import hashes from '../../vectors/operation-hash.json' with { type: 'json' };

const chains: Blockchain[] = ['ETH', 'TRON', 'BTC', 'SOL'];

describe('§15.2 addresses', () => {
  it.each(vectors.addresses)('vector $kind $routeCode', (v) => {
    const chain = v.blockchain as Blockchain;
    const got =
      v.kind === 'checkout'
        ? checkoutAddress(chain, v.routeCode, (v as { checkoutId: string }).checkoutId)
        : collectionWalletAddress(chain, v.routeCode, (v as { collectionWalletId: string }).collectionWalletId);
    expect(got).toBe(v.address);
    // Ids in lower case: the same address from an upper-case id.
    const id = (v as { checkoutId?: string }).checkoutId ?? (v as { collectionWalletId: string }).collectionWalletId;
    const upper = v.kind === 'checkout' ? checkoutAddress(chain, v.routeCode, id.toUpperCase()) : collectionWalletAddress(chain, v.routeCode, id.toUpperCase());
    expect(upper).toBe(v.address);
  });

  it('every derived address is valid on its chain, and a wallet’s differs from a checkout’s of the same id (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...chains), fc.string({ minLength: 1, maxLength: 64 }), fc.uuid(), (chain, route, id) => {
        const wallet = collectionWalletAddress(chain, route, id);
        expect(isValidAddress(chain, wallet)).toBe(true);
        expect(isValidAddress(chain, checkoutAddress(chain, route, id))).toBe(true);
        expect(wallet).not.toBe(checkoutAddress(chain, route, id));
      }),
    );
  });
});

describe('§15.7 evidence over collectionPaymentId (vectors/operation-hash.json)', () => {
  const v = hashes.vectors.find((x) => x.name === 'collection payment refund draft')! as unknown as { operationType: string; pathId: Record<string, string>; input: Record<string, unknown>; operationHash: string };
  it('the vector’s hash, and the client’s evidence for the payment’s draft carries it', () => {
    expect(operationHashOf(v.operationType, v.pathId, v.input)).toBe(v.operationHash);
    const who = { authorizedByPartnerUserRef: 'u', authorizationMethod: 'PASSKEY', mfaEvidenceRef: 'm' } as const;
    const e = buildEvidence('CRYPTO_REFUND_CREATE', v.pathId.collectionPaymentId!, v.input, who, () => new Date(), 'collectionPaymentId');
    expect(e.operationHash).toBe(v.operationHash);
  });
});
