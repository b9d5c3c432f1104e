// §15.5 createCollectionWallet: B → C → D customer, buyer → E route → G expiresAt → H gate →
// ROUTE_RAIL_UNSUPPORTED (§18.5) → BUYER_NOT_ACTIVE → DUPLICATE_COLLECTION_WALLET → I: ACTIVE, the §15.2
// address, the expiry step due at expiresAt (the worker finds it by expiresAt), event.
import { randomUUID } from 'node:crypto';
import { mutation } from '../../../core/operation.js';
import { Problem } from '../../../core/problem.js';
import { checkLength } from '../../../core/validate.js';
import { customerGate, requireOwnCustomer } from '../../customers/index.js';
import { recordEvent } from '../../events/index.js';
import { requirePermittedRoute, requireSandboxRail } from '../../routes/index.js';
import { findActiveWallet, insertWallet } from '../repository.js';
import { checkWalletExpiry, requireActiveBuyer, requireCustomersBuyer, walletView } from '../rules.js';
import { claimCollectionAddress, walletAddress } from '../wallets.js';

export default mutation('createCollectionWallet', {
  rest: { method: 'POST', path: '/partner/v1/customers/:customerId/crypto/collection-wallets' },
  target: 'customerId',
  evidence: null,
  resultId: (w) => w.collectionWalletId,
  validate: ({ input }, errors) => {
    checkLength(errors, '/routeCode', input.routeCode, 1, 64);
    checkLength(errors, '/label', input.label, 0, 100);
  },
  run: async (tx, ctx, { customerId, input }) => {
    // D: the customer, then the buyer.
    const customer = await requireOwnCustomer(tx, ctx, customerId);
    const buyer = await requireCustomersBuyer(tx, ctx, customerId, input.buyerId);
    // E
    const route = await requirePermittedRoute(tx, ctx, input.routeCode);
    // G
    checkWalletExpiry(ctx, input.expiresAt);
    // H, in order.
    customerGate(customer, 'money', ctx.services.config);
    requireSandboxRail(route, 'createCollectionWallet');
    requireActiveBuyer(buyer);
    // §16.4 uq_collection_wallet_active: checked first for a clean 409; the index holds under races.
    if (await findActiveWallet(tx, buyer.buyerId, route.routeCode))
      throw new Problem('DUPLICATE_COLLECTION_WALLET', `Buyer ${buyer.buyerId} already has an ACTIVE collection wallet on ${route.routeCode}.`);
    // I
    const now = ctx.now.toISOString();
    const collectionWalletId = randomUUID();
    const address = walletAddress(route.blockchain, route.routeCode, collectionWalletId);
    const wallet = await insertWallet(tx, {
      collectionWalletId,
      customerId,
      clientId: ctx.clientId,
      buyerId: buyer.buyerId,
      routeCode: route.routeCode,
      blockchain: route.blockchain,
      currency: route.currency,
      currencyScale: route.currencyScale,
      address,
      label: input.label ?? null,
      status: 'ACTIVE',
      expiresAt: input.expiresAt ? input.expiresAt.toISOString() : null,
      deactivatedAt: null,
      amountReceivedMinor: '0',
      version: 1,
      createdAt: now,
      updatedAt: now,
    });
    await claimCollectionAddress(tx, {
      targetType: 'COLLECTION_WALLET',
      targetId: collectionWalletId,
      clientId: ctx.clientId,
      routeCode: route.routeCode,
      blockchain: route.blockchain,
      address,
      at: now,
    });
    const view = walletView(wallet);
    await recordEvent(tx, {
      resourceType: 'COLLECTION_WALLET',
      resourceId: collectionWalletId,
      clientId: ctx.clientId,
      customerId,
      resource: view,
      status: wallet.status,
      previousStatus: null,
      at: now,
    });
    return view;
  },
});
