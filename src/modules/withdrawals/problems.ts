// What the withdrawal and quote codes (§7) mean for a partner and what to do about them: the text of
// `/problems/<code>` and docs/problems.md. The codes and their statuses are in schema.graphql
// (`extend enum ProblemCode`); a code there without its guide here does not compile.
import type { ProblemGuides } from '../../core/problem-guide.js';

export const problemGuides: ProblemGuides<'withdrawals'> = {
  DUPLICATE_CLIENT_REFERENCE: {
    when: 'The customer already has a withdrawal (or, on a conversion, a conversion) with this clientReference.',
    action: 'Use a new clientReference for a new withdrawal; to retry a request, resend it with the same Idempotency-Key.',
  },
  QUOTE_NOT_FOUND: {
    when: 'The quoteId names no quote of the operation’s kind (a withdrawal quote on a withdrawal draft, a conversion quote on a conversion draft or GET /partner/v1/conversion-quotes/{quoteId}).',
    action: 'Create a quote first (createCryptoWithdrawalQuote, createConversionQuote); on a withdrawal draft you may leave quoteId out.',
  },
  QUOTE_MISMATCH: {
    when: 'The draft’s customer, route, amount, currency, scale or withdrawal type differ from the quote’s; on a conversion draft, the quote is another customer’s.',
    action: 'Send the draft with the quote’s values and for the quote’s customer, or create a new quote.',
  },
  QUOTE_ALREADY_USED: {
    when: 'Another withdrawal (or conversion) already used this quote.',
    action: 'Create a new quote.',
  },
  QUOTE_EXPIRED: {
    when: 'The quote’s expiresAt has passed.',
    action: 'Create a new quote and draft with it promptly.',
  },
};
