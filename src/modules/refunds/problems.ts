// What the refund codes (§7) mean for a partner and what to do about them: the text of
// `/problems/<code>` and docs/problems.md. The codes and their statuses are in schema.graphql
// (`extend enum ProblemCode`); a code there without its guide here does not compile.
import type { ProblemGuides } from '../../core/problem-guide.js';

export const problemGuides: ProblemGuides<'refunds'> = {
  REFUND_EXCEEDS_DEPOSIT: {
    when: 'amountMinor is more than the deposit’s refundable amount (what its other refunds have not taken).',
    action: 'Refund at most the deposit’s refundableAmountMinor.',
  },
};
