// §14.5 bank accounts: the documented example requests, run in the walk behind docs/api/operations.md
// (src/core/example.ts) and the source of the cross-cutting suites' requests. Each surface adds its own
// account (the fingerprint is unique among a customer's ACTIVE accounts): an IBAN on GraphQL, a US
// account on REST.
import type { Example } from '../../core/example.js';

export default [
  {
    at: 1170,
    op: 'createBankAccount',
    args: (s, w) => ({
      customerId: w.ids.customerId,
      input:
        s === 'graphql'
          ? {
              accountType: 'IBAN', currency: 'EUR', holderName: 'Ada Lovelace', holderType: 'INDIVIDUAL', holderCountry: 'DE', isOwner: true,
              iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX', bankName: 'Commerzbank', label: 'Main EUR account',
            }
          : {
              accountType: 'US_ABA', currency: 'USD', holderName: 'Ada Lovelace', holderType: 'INDIVIDUAL', holderCountry: 'US',
              holderAddress: { line1: '1 Main Street', city: 'New York', postalCode: '10001', region: 'NY', country: 'US' },
              isOwner: true, routingNumber: '021000021', accountNumber: '123456789', usAccountKind: 'CHECKING', bankName: 'Chase', label: 'Main USD account',
            },
    }),
    keep: (s, r, w) => w.keep(s, 'bankAccountId', r.bankAccountId),
  },
  { at: 1180, op: 'bankAccount', args: (_s, w) => ({ bankAccountId: w.ids.bankAccountId }) },
  { at: 1190, op: 'bankAccounts', args: (_s, w) => ({ customerId: w.ids.customerId, first: 2 }) },
] satisfies Example[];
