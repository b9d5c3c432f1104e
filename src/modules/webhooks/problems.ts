// What the webhook endpoint codes (§7) mean for a partner and what to do about them: the text of
// `/problems/<code>` and docs/problems.md. The codes and their statuses are in schema.graphql
// (`extend enum ProblemCode`); a code there without its guide here does not compile.
import type { ProblemGuides } from '../../core/problem-guide.js';

export const problemGuides: ProblemGuides<'webhooks'> = {
  WEBHOOK_URL_NOT_ALLOWED: {
    when: 'The webhook URL is not allowed (§11.7): not https in production, or it resolves to a private, loopback, link-local or metadata address.',
    action: 'Use a public https URL of your receiver.',
  },
  WEBHOOK_ENDPOINT_LIMIT_REACHED: {
    when: 'You already have 10 ENABLED webhook endpoints.',
    action: 'Disable an endpoint you no longer need, or subscribe one endpoint to more event types.',
  },
};
