// What the checkout codes (§7, §16.7) mean for a partner and what to do about them: the text of
// `/problems/<code>` and docs/problems.md. The codes and their statuses are in schema.graphql.
import type { ProblemGuides } from '../../core/problem-guide.js';

export const problemGuides: ProblemGuides<'checkouts'> = {
  DUPLICATE_MERCHANT_REFERENCE: {
    when: 'The customer already has a checkout with this merchantReference.',
    action: 'Use the existing checkout (cryptoCheckouts filtered by merchantReference), or another merchantReference.',
  },
  CHECKOUT_LINK_LIMIT_REACHED: {
    when: 'The checkout already has CHECKOUT_MAX_LINKS links (expired ones included).',
    action: 'Reuse a link already created for the checkout, or create a new checkout.',
  },
};
