// §11.3 events: the documented example requests, run in the walk behind docs/api/operations.md
// (src/core/example.ts) and the source of the cross-cutting suites' requests.
import type { Example } from '../../core/example.js';

export default [
  {
    at: 700,
    op: 'events',
    args: (_s, w) => ({ resourceId: w.ids.withdrawalId, first: 2 }),
    // The event a webhook redelivery names (src/modules/webhooks/examples.ts).
    keep: (_s, r, w) => void (w.ids.eventId = (r.items as { eventId: string }[])[0]!.eventId),
  },
] satisfies Example[];
