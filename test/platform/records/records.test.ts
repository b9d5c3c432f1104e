// The record declarations (src/modules/<area>/records.ts) agree with the SDL: each shared enum value is
// declared by exactly one record, statuses are the SDL's where it has an enum for them, and the event
// types derived from them are §11.2's, in its order (the feed filter's messages list them so).
import { buildSchema, getNamedType, isEnumType, isObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { records } from '../../../src/graphql/generated/records.js';
import { loadTypeDefs } from '../../../src/graphql/type-defs.js';
import { EVENT_TYPES, eventTypeOf } from '../../../src/modules/events/rules.js';

const schema = buildSchema(loadTypeDefs());
const enumValuesOf = (name: string) => {
  const type = schema.getType(name);
  if (!isEnumType(type)) throw new Error(`${name} is not an enum`);
  return type.getValues().map((v) => v.name);
};
const countOf = (values: string[], v: string) => values.filter((x) => x === v).length;

describe('record declarations', () => {
  it('every PartnerResourceType value is the resourceType of exactly one record, and no record names another', () => {
    const declared = records.flatMap((r) => ('resourceType' in r ? [r.resourceType as string] : []));
    const values = enumValuesOf('PartnerResourceType');
    for (const v of values) expect([v, countOf(declared, v)]).toEqual([v, 1]);
    expect([...declared].sort()).toEqual([...values].sort());
  });

  it('every PartnerTransactionType value has exactly one posting rule, and no rule names another', () => {
    const declared = records.flatMap((r) => ('ledger' in r && 'postings' in r.ledger ? Object.keys(r.ledger.postings) : []));
    const values = enumValuesOf('PartnerTransactionType');
    for (const v of values) expect([v, countOf(declared, v)]).toEqual([v, 1]);
    expect([...declared].sort()).toEqual([...values].sort());
  });

  it('each record names an object type of the schema; its statuses are its status enum’s, in the SDL’s order', () => {
    for (const r of records) {
      const type = schema.getType(r.graphqlType);
      expect(isObjectType(type), r.graphqlType).toBe(true);
      if (!isObjectType(type) || !('statuses' in r)) continue;
      const field = 'statusField' in r ? r.statusField : 'status';
      const status = type.getFields()[field];
      expect(status, `${r.graphqlType}.${field}`).toBeDefined();
      const named = getNamedType(status!.type);
      const withoutRecord: readonly string[] = 'statusesWithoutRecord' in r ? r.statusesWithoutRecord : [];
      if (isEnumType(named))
        expect([r.graphqlType, r.statuses]).toEqual([r.graphqlType, enumValuesOf(named.name).filter((v) => !withoutRecord.includes(v))]);
      else expect([r.graphqlType, named.name, r.statuses.length > 0]).toEqual([r.graphqlType, 'String', true]);
    }
  });

  it('the event types are §11.2’s 25 and those of §16.2 built so far, in the tables’ order', () => {
    expect(EVENT_TYPES).toEqual([
      ...['approved', 'submitted', 'screening', 'broadcasting', 'confirming', 'completed', 'rejected', 'failed', 'updated'].map((s) => `crypto_withdrawal.${s}`),
      ...['approved', 'awaiting_confirmation', 'confirmed', 'screening', 'broadcasting', 'confirming', 'completed', 'rejected', 'failed', 'updated'].map((s) => `crypto_refund.${s}`),
      ...['confirming', 'dropped', 'pending_travel_rule', 'frozen', 'completed', 'updated'].map((s) => `crypto_deposit.${s}`),
      ...['active', 'blocked', 'removed', 'updated'].map((s) => `wallet_beneficiary.${s}`),
      'transaction.posted',
      // §16.2's rows.
      ...['unverified', 'pending_review', 'verified', 'rejected', 'updated'].map((s) => `customer.${s}`),
      ...['pending_upload', 'uploaded', 'linked', 'expired'].map((s) => `customer_file.${s}`),
      'conversion.completed',
      ...['submitted', 'in_review', 'needs_additional_information', 'approved', 'rejected'].map((s) => `fiat_account_application.${s}`),
      ...['active', 'suspended'].map((s) => `fiat_account.${s}`),
      ...['pending', 'needs_additional_information', 'active', 'rejected'].map((s) => `fiat_withdrawal_capability.${s}`),
      ...['active', 'disabled'].map((s) => `bank_account.${s}`),
      ...['processing', 'completed', 'returned'].map((s) => `fiat_deposit.${s}`),
      ...['approved', 'submitted', 'compliance_review', 'needs_additional_information', 'sent_to_bank', 'completed', 'rejected', 'returned'].map(
        (s) => `fiat_withdrawal.${s}`,
      ),
      ...['open', 'partially_paid', 'paid', 'expired', 'closed', 'updated'].map((s) => `crypto_checkout.${s}`),
      ...['active', 'disabled', 'updated'].map((s) => `collection_buyer.${s}`),
      ...['active', 'expired', 'deactivated', 'updated'].map((s) => `collection_wallet.${s}`),
      ...['detected', 'completed', 'frozen', 'dropped'].map((s) => `collection_payment.${s}`),
    ]);
  });

  it('D13: the status after the change, .updated when it stayed, transaction.posted for a ledger row', () => {
    expect(eventTypeOf({ resourceType: 'CRYPTO_REFUND', status: 'AWAITING_CONFIRMATION', previousStatus: 'APPROVED' })).toBe('crypto_refund.awaiting_confirmation');
    expect(eventTypeOf({ resourceType: 'WALLET_BENEFICIARY', status: 'ACTIVE', previousStatus: 'ACTIVE' })).toBe('wallet_beneficiary.updated');
    expect(eventTypeOf({ resourceType: 'CRYPTO_DEPOSIT', status: 'COMPLETED', previousStatus: null })).toBe('crypto_deposit.completed');
    expect(eventTypeOf({ resourceType: 'TRANSACTION' })).toBe('transaction.posted');
  });
});
