// What the fiat account codes (§7, §16.7) mean for a partner and what to do about them: the text of
// `/problems/<code>` and docs/problems.md. The codes and their statuses are in schema.graphql.
import type { ProblemGuides } from '../../core/problem-guide.js';

export const problemGuides: ProblemGuides<'fiat-accounts'> = {
  FIAT_ACCOUNT_EXISTS: {
    when: 'The customer already has a fiat account in the currency (ACTIVE or SUSPENDED), or an application in it that is SUBMITTED, IN_REVIEW or NEEDS_ADDITIONAL_INFORMATION.',
    action: 'Use the existing account (fiatAccounts), or follow the open application (fiatAccountApplication) to its decision.',
  },
  FIAT_ACCOUNT_NOT_ACTIVE: {
    when: 'The customer has no ACTIVE fiat account in the currency: none was issued, or an operator suspended it.',
    action: 'Apply for an account (createFiatAccountApplication) and wait for fiat_account.active, or contact the operator of the service about a suspension.',
  },
};
