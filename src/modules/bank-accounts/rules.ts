// §14.5 bank accounts: the input's checks (stage B), what the API shows of an account, the sealed
// identifier and its fingerprint, the lifecycle (ACTIVE ↔ DISABLED by operators) and ownership.
import type { CallContext } from '../../core/context.js';
import { ISO_3166_ALPHA2 } from '../../core/countries.js';
import { requireOwn } from '../../core/ownership.js';
import type { FieldErrors } from '../../core/problem.js';
import type { SecretBox } from '../../core/secret-box.js';
import { checkCode, checkLength, checkOneOf, checkOther } from '../../core/validate.js';
import type { Exec } from '../../db/exec.js';
import type { CreateBankAccountInput } from '../../graphql/generated/resolvers-types.js';
import type { Lifecycle } from '../lifecycle/index.js';
import {
  accountNumberFault,
  bicFault,
  FINGERPRINT_LABEL,
  fingerprintOf,
  ibanFault,
  last4,
  normaliseIdentifier,
  routingNumberFault,
  usIdentifier,
} from './identifiers.js';
import { bankAccountRecord } from './records.js';
import { findBankAccount, isBankDenied, updateBankAccount } from './repository.js';
import type { BankAccountRow } from './tables.js';

export const HOLDER_TYPES = ['INDIVIDUAL', 'CORPORATE'] as const;
export const US_ACCOUNT_KINDS = ['CHECKING', 'SAVINGS'] as const;
/** §14.5, §16.9: the currency each account type takes. */
export const CURRENCY_OF_TYPE = { IBAN: 'EUR', US_ABA: 'USD' } as const;

export type HolderAddress = { line1: string; line2: string | null; city: string; postalCode: string; region: string | null; country: string };
export type BankAccountStatus = (typeof bankAccountRecord.statuses)[number];

/** Exactly the GraphQL fields: nothing sealed, no client id. */
export type BankAccountView = Omit<BankAccountRow, 'clientId' | 'identifierSealed' | 'holderAddress' | 'accountType' | 'status'> & {
  accountType: 'IBAN' | 'US_ABA';
  holderAddress: HolderAddress | null;
  status: BankAccountStatus;
};

export function bankAccountView(r: BankAccountRow): BankAccountView {
  const { clientId: _c, identifierSealed: _s, ...shown } = r;
  return {
    ...shown,
    accountType: r.accountType as BankAccountView['accountType'],
    holderAddress: r.holderAddress === null ? null : (JSON.parse(r.holderAddress) as HolderAddress),
    status: r.status as BankAccountStatus,
  };
}

/** A bank account's status changes (operators' disable / enable): compare-and-set on its status. */
export const bankAccountLifecycle: Lifecycle<BankAccountRow> = {
  record: bankAccountRecord,
  compareAndSet: updateBankAccount,
  view: async (_tx, row) => bankAccountView(row),
};

/** §4, §14.2: unknown → 404 BANK_ACCOUNT_NOT_FOUND, another partner's → 403. */
export async function requireOwnBankAccount(tx: Exec, ctx: CallContext, bankAccountId: string): Promise<BankAccountRow> {
  return requireOwn(ctx, await findBankAccount(tx, bankAccountId), 'BANK_ACCOUNT_NOT_FOUND', 'bank account', bankAccountId);
}

const given = <T>(v: T | null | undefined): v is T => v !== null && v !== undefined;

function refuse(errors: FieldErrors, pointer: string, value: unknown, accountType: string): void {
  if (given(value)) errors.add(pointer, `must be absent for ${accountType} accounts`);
}

function require(errors: FieldErrors, pointer: string, value: unknown, accountType: string): boolean {
  if (given(value)) return true;
  errors.add(pointer, `is required for ${accountType} accounts`);
  return false;
}

/**
 * §14.5 stage B, every fault at once: the identifier table's faults are INVALID_BANK_ACCOUNT (the answer's
 * code when they are all there is), the rest VALIDATION_FAILED. Details never quote the value (§12.3).
 */
export function checkCreateBankAccountInput(input: CreateBankAccountInput, errors: FieldErrors): void {
  const type = input.accountType;
  if (input.currency !== CURRENCY_OF_TYPE[type]) errors.add('/currency', `must be ${CURRENCY_OF_TYPE[type]} for ${type} accounts`);
  checkLength(errors, '/holderName', input.holderName, 1, 140);
  checkOneOf(errors, '/holderType', input.holderType, HOLDER_TYPES);
  if (!ISO_3166_ALPHA2.has(input.holderCountry)) errors.add('/holderCountry', 'must be an ISO 3166-1 alpha-2 code (upper case)');
  const a = input.holderAddress;
  if (given(a)) {
    checkLength(errors, '/holderAddress/line1', a.line1, 1, 140);
    checkLength(errors, '/holderAddress/line2', a.line2, 0, 140);
    checkLength(errors, '/holderAddress/city', a.city, 1, 100);
    checkLength(errors, '/holderAddress/postalCode', a.postalCode, 1, 20);
    checkLength(errors, '/holderAddress/region', a.region, 0, 100);
    if (!ISO_3166_ALPHA2.has(a.country)) errors.add('/holderAddress/country', 'must be an ISO 3166-1 alpha-2 code (upper case)');
  }
  if (!input.isOwner && !given(input.relationshipWithThirdParty)) errors.add('/relationshipWithThirdParty', 'is required when isOwner is false');
  checkCode(errors, '/relationshipWithThirdParty', 'relationshipWithThirdParty', input.relationshipWithThirdParty);
  checkOther(errors, input.relationshipWithThirdParty, '/otherRelationship', input.otherRelationship);
  checkLength(errors, '/otherRelationship', input.otherRelationship, 1, 500);
  checkLength(errors, '/bankName', input.bankName, 0, 140);
  checkLength(errors, '/label', input.label, 0, 100);
  if (type === 'IBAN') {
    for (const f of ['routingNumber', 'accountNumber', 'usAccountKind'] as const) refuse(errors, `/${f}`, input[f], type);
    if (require(errors, '/iban', input.iban, type)) {
      const fault = ibanFault(normaliseIdentifier(input.iban!));
      if (fault) errors.addCoded('INVALID_BANK_ACCOUNT', '/iban', fault);
    }
    if (given(input.bic)) {
      const fault = bicFault(normaliseIdentifier(input.bic));
      if (fault) errors.addCoded('INVALID_BANK_ACCOUNT', '/bic', fault);
    }
  } else {
    for (const f of ['iban', 'bic'] as const) refuse(errors, `/${f}`, input[f], type);
    if (require(errors, '/routingNumber', input.routingNumber, type)) {
      const fault = routingNumberFault(input.routingNumber!);
      if (fault) errors.addCoded('INVALID_BANK_ACCOUNT', '/routingNumber', fault);
    }
    if (require(errors, '/accountNumber', input.accountNumber, type)) {
      const fault = accountNumberFault(input.accountNumber!);
      if (fault) errors.addCoded('INVALID_BANK_ACCOUNT', '/accountNumber', fault);
    }
    if (require(errors, '/usAccountKind', input.usAccountKind, type)) checkOneOf(errors, '/usAccountKind', input.usAccountKind!, US_ACCOUNT_KINDS);
  }
}

/** What a valid input's identifier becomes: N (sealed), the columns shown, and N's last 4. */
export type Identified = { normalised: string; last4: string; ibanCountry: string | null; bic: string | null; routingNumber: string | null };

/** §14.5 the identifier of an input that passed `checkCreateBankAccountInput`. */
export function identify(input: CreateBankAccountInput): Identified {
  if (input.accountType === 'IBAN') {
    const iban = normaliseIdentifier(input.iban!);
    return { normalised: iban, last4: last4(iban), ibanCountry: iban.slice(0, 2), bic: given(input.bic) ? normaliseIdentifier(input.bic) : null, routingNumber: null };
  }
  return { normalised: usIdentifier(input.routingNumber!, input.accountNumber!), last4: last4(input.accountNumber!), ibanCountry: null, bic: null, routingNumber: input.routingNumber! };
}

/** §14.5, §16.9 the fingerprint of a normalised identifier, under the key PARTNER_SECRET_KEY gives. */
export function bankFingerprint(box: SecretBox, normalised: string): string {
  return fingerprintOf(box.derivedKey(FINGERPRINT_LABEL), normalised);
}

/** §14.5 the full identifier at rest: sealed, bound to the account's id (a copy onto another row does not open). */
export function sealIdentifier(box: SecretBox, bankAccountId: string, normalised: string): string {
  return box.seal(`bank-account:${bankAccountId}`, normalised);
}

export function openIdentifier(box: SecretBox, row: Pick<BankAccountRow, 'bankAccountId' | 'identifierSealed'>): string {
  return box.open(`bank-account:${row.bankAccountId}`, row.identifierSealed);
}

/** §14.8 screening: whether the identifier (normalised here as §14.5) is on the bank deny list. */
export async function bankIdentifierDenied(x: Exec, box: SecretBox, identifier: string): Promise<boolean> {
  return isBankDenied(x, bankFingerprint(box, normaliseIdentifier(identifier)));
}
