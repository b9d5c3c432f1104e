// §11.4 webhook endpoints, §11.5 deliveries: the documented example requests, run in the walk behind docs/api/operations.md
// (src/core/example.ts) and the source of the cross-cutting suites' requests.
import type { Example } from '../../core/example.js';

export default [
  {
    at: 800,
    op: 'createWebhookEndpoint',
    args: () => ({ input: { url: 'https://partner.example.com/hooks/crypto', types: ['crypto_withdrawal.completed', 'crypto_refund.completed'], description: 'Payouts service' } }),
    // Each surface acts on the endpoint it created.
    keep: (s, r, w) => w.keep(s, 'endpointId', (r.endpoint as { endpointId: string }).endpointId),
  },
  { at: 810, op: 'webhookEndpoint', args: (s, w) => ({ endpointId: w.per(s, 'endpointId') }) },
  { at: 820, op: 'webhookEndpoints', args: () => ({ first: 1 }) },
  { at: 830, op: 'rotateWebhookEndpointSecret', args: (s, w) => ({ endpointId: w.per(s, 'endpointId') }) },
  // Before the disable step, which cancels it: the walk leaves no delivery that a worker would retry
  // against the example URL while the cross-cutting suites count rows.
  { at: 835, op: 'redeliverWebhookEvent', args: (s, w) => ({ endpointId: w.per(s, 'endpointId'), input: { eventId: w.ids.eventId } }) },
  { at: 840, op: 'disableWebhookEndpoint', args: (s, w) => ({ endpointId: w.per(s, 'endpointId') }) },
  { at: 850, op: 'enableWebhookEndpoint', args: (s, w) => ({ endpointId: w.per(s, 'endpointId') }) },
  // SUCCEEDED: the cancelled redelivery's attempt count depends on whether a worker round came before the
  // disable, so the documented answer leaves it out.
  { at: 860, op: 'webhookDeliveries', args: (s, w) => ({ endpointId: w.per(s, 'endpointId'), first: 1, statuses: ['SUCCEEDED'] }) },
] satisfies Example[];
