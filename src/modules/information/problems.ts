// What the additional-information loop's code (§7) means for a partner: the text of `/problems/<code>`
// and docs/problems.md. The code and its status are in schema.graphql.
import type { ProblemGuides } from '../../core/problem-guide.js';

export const problemGuides: ProblemGuides<'information'> = {
  INFORMATION_MISMATCH: {
    when: "The answer's item keys are not exactly the keys of the open information requests: the detail lists the keys missing and the keys not asked for.",
    action: 'Read the record\'s informationRequests (those without answeredAt), answer every one of them once, and nothing else.',
  },
};
