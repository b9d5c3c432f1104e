// What the deposit codes (§7) mean for a partner and what to do about them: the text of
// `/problems/<code>` and docs/problems.md. The codes and their statuses are in schema.graphql
// (`extend enum ProblemCode`); a code there without its guide here does not compile.
import type { ProblemGuides } from '../../core/problem-guide.js';

export const problemGuides: ProblemGuides<'deposits'> = {
  DUPLICATE_TX_HASH: {
    when: 'A deposit with this txHash was already credited to the deposit wallet on that blockchain (sandbox).',
    action: 'Leave txHash out (one is generated) or use a new one.',
  },
};
