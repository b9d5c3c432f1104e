// §14.5 createBankAccount: B (the identifier table: INVALID_BANK_ACCOUNT; other faults VALIDATION_FAILED) →
// C → D customer → H gate → DUPLICATE_BANK_ACCOUNT (an ACTIVE account of the customer with the same
// fingerprint) → I: ACTIVE, the identifier sealed, event.
import { randomUUID } from 'node:crypto';
import { mutation } from '../../../core/operation.js';
import { Problem } from '../../../core/problem.js';
import { customerGate, requireOwnCustomer } from '../../customers/index.js';
import { recordEvent } from '../../events/index.js';
import { findActiveByFingerprint, insertBankAccount } from '../repository.js';
import { bankAccountView, bankFingerprint, checkCreateBankAccountInput, identify, sealIdentifier } from '../rules.js';

export default mutation('createBankAccount', {
  rest: { method: 'POST', path: '/partner/v1/customers/:customerId/fiat/bank-accounts' },
  target: 'customerId',
  evidence: null,
  resultId: (b) => b.bankAccountId,
  validate: ({ input }, errors) => checkCreateBankAccountInput(input, errors),
  run: async (tx, ctx, { customerId, input }) => {
    const customer = await requireOwnCustomer(tx, ctx, customerId);
    // §12.4 R3: a new money operation needs ACTIVE and VERIFIED.
    customerGate(customer, 'money', ctx.services.config);
    const box = ctx.services.config.secretBox;
    const id = identify(input);
    const fingerprint = bankFingerprint(box, id.normalised);
    // §16.4 uq_bank_account_active_fingerprint: checked first for a clean 409; the index holds under races.
    if (await findActiveByFingerprint(tx, customerId, fingerprint))
      throw new Problem('DUPLICATE_BANK_ACCOUNT', 'The customer already has an ACTIVE bank account with this identifier (the same fingerprint).');
    const now = ctx.now.toISOString();
    const bankAccountId = randomUUID();
    const a = input.holderAddress;
    const row = await insertBankAccount(tx, {
      bankAccountId,
      customerId,
      clientId: ctx.clientId,
      accountType: input.accountType,
      currency: input.currency,
      holderName: input.holderName,
      holderType: input.holderType,
      holderCountry: input.holderCountry,
      holderAddress: a
        ? JSON.stringify({ line1: a.line1, line2: a.line2 ?? null, city: a.city, postalCode: a.postalCode, region: a.region ?? null, country: a.country })
        : null,
      isOwner: input.isOwner,
      relationshipWithThirdParty: input.relationshipWithThirdParty ?? null,
      otherRelationship: input.otherRelationship ?? null,
      accountIdentifierLast4: id.last4,
      fingerprint,
      identifierSealed: sealIdentifier(box, bankAccountId, id.normalised),
      ibanCountry: id.ibanCountry,
      bic: id.bic,
      routingNumber: id.routingNumber,
      usAccountKind: input.usAccountKind ?? null,
      bankName: input.bankName ?? null,
      label: input.label ?? null,
      status: 'ACTIVE',
      createdAt: now,
      updatedAt: now,
    });
    const view = bankAccountView(row);
    await recordEvent(tx, {
      resourceType: 'BANK_ACCOUNT',
      resourceId: bankAccountId,
      clientId: row.clientId,
      customerId,
      resource: view,
      status: row.status,
      previousStatus: null,
      at: now,
    });
    return view;
  },
});
