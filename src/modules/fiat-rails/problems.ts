// What the fiat rail codes (§14.1, §16.7) mean for a partner and what to do about them: the text of
// `/problems/<code>` and docs/problems.md. The codes and their statuses are in schema.graphql.
import type { ProblemGuides } from '../../core/problem-guide.js';

export const problemGuides: ProblemGuides<'fiat-rails'> = {
  RAIL_NOT_PERMITTED: {
    when: 'The fiat rail (SEPA, ACH or WIRE) is not enabled for your client: never enabled, or disabled by an operator.',
    action: 'Ask your operator to enable the rail for your client (partnerctl fiat rail enable); a changed fee or bound applies to later quotes and drafts.',
  },
};
