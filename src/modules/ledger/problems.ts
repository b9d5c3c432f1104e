// What the ledger codes (§7) mean for a partner and what to do about them: the text of
// `/problems/<code>` and docs/problems.md. The codes and their statuses are in schema.graphql
// (`extend enum ProblemCode`); a code there without its guide here does not compile.
import type { ProblemGuides } from '../../core/problem-guide.js';

export const problemGuides: ProblemGuides<'ledger'> = {
  INSUFFICIENT_FUNDS: {
    when: 'availableMinor is less than what the submission must hold (withdrawal: amount + fee; refund: amount).',
    action: 'Wait for funds to arrive (the draft stays APPROVED), then submit again with a new approval.',
  },
};
