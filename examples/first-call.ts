// A first signed call: who am I talking to, and what happened lately? One GraphQL query through the
// client, which signs it (§2).
//
//   PARTNER_SECRET=<secret> npx tsx examples/first-call.ts
import { client, main, show } from './setup.js';

main(async () => {
  const data = await client.execute<{ events: { items: unknown[] } }>(`{ events(first: 3) { items { type resourceType createdAt } pageInfo { hasNextPage endCursor } } }`);
  show('events', data);
  // A fresh database has none yet: the lifecycle examples make some.
  console.log(`\nSigned call answered: ${data.events.items.length} event(s). Next: npx tsx examples/withdrawal.ts`);
});
