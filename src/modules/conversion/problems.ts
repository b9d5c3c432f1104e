// What the conversion codes (§13, §16.7) mean for a partner and what to do about them: the text of
// `/problems/<code>` and docs/problems.md. The codes and their statuses are in schema.graphql
// (`extend enum ProblemCode`); a code there without its guide here does not compile.
import type { ProblemGuides } from '../../core/problem-guide.js';

export const problemGuides: ProblemGuides<'conversion'> = {
  CONVERSION_PAIR_NOT_PERMITTED: {
    when: 'The conversion pair (sourceCurrency → targetCurrency) is unknown, disabled, or not mapped to your client.',
    action: 'Use a pair your operator enabled for you; pairs are directional (EUR → USDT is not USDT → EUR).',
  },
  RATE_UNAVAILABLE: {
    when: 'No rate is set for the pair in either direction, the rate used is older than CONVERSION_RATE_MAX_AGE_SECONDS, or the rate after the spread is 0.',
    action: 'Retry later; the operator sets rates. Nothing was created.',
  },
};
