// What the bank account codes (§14.5, §16.7) mean for a partner and what to do about them: the text of
// `/problems/<code>` and docs/problems.md. The codes and their statuses are in schema.graphql.
import type { ProblemGuides } from '../../core/problem-guide.js';

export const problemGuides: ProblemGuides<'bank-accounts'> = {
  INVALID_BANK_ACCOUNT: {
    when: 'A bank identifier breaks §14.5’s rules: the IBAN’s form, country (AT BE CH DE DK ES FI FR GB IE IT LU NL NO PL PT SE), length, check digits (02–98, mod 97) or the BIC’s form and country; the routing number’s digits, prefix or ABA checksum; the account number’s 4–17 digits. The errors name each field.',
    action: 'Correct the identifier at each pointer (spaces and lower case in an IBAN or BIC are fine); the detail says which rule failed but never repeats the value.',
  },
  DUPLICATE_BANK_ACCOUNT: {
    when: 'The customer already has an ACTIVE bank account with the same identifier (the same fingerprint): on creation, or when an operator re-enables a DISABLED one.',
    action: 'Use the existing account (bankAccounts, matching its fingerprint), or ask your operator to disable it first.',
  },
  BANK_ACCOUNT_NOT_FOUND: {
    when: 'The bankAccountId (in the path or the input) names no bank account.',
    action: 'Check the id; create the bank account first (createBankAccount).',
  },
  BANK_ACCOUNT_NOT_ACTIVE: {
    when: 'The bank account is DISABLED: no fiat quote, draft or submission may pay it.',
    action: 'Ask your operator to re-enable it (partnerctl bank-account enable), or pay another ACTIVE bank account of the customer.',
  },
};
