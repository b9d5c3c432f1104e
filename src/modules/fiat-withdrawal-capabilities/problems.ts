// What the fiat withdrawal capability codes (§7, §16.7) mean for a partner and what to do about them: the
// text of `/problems/<code>` and docs/problems.md. The codes and their statuses are in schema.graphql.
import type { ProblemGuides } from '../../core/problem-guide.js';

export const problemGuides: ProblemGuides<'fiat-withdrawal-capabilities'> = {
  WITHDRAWAL_CAPABILITY_NOT_ACTIVE: {
    when: "The customer's withdrawal capability for the rail is not ACTIVE: it was never activated, or its activation is PENDING, NEEDS_ADDITIONAL_INFORMATION or REJECTED.",
    action:
      'Activate the capability (activateFiatWithdrawalCapability), answer its information requests if any, and wait for fiat_withdrawal_capability.active (or read fiatWithdrawalCapabilities).',
  },
};
