// What an operator provisions for the walk's partner beside its route (tools/api-examples/run.ts and the
// cross-cutting suites' World.walk): the conversion pair USDT → EUR and the rate USDT/EUR (§13.1), so the
// conversion steps (src/modules/conversion/examples.ts) have a pair and a fresh rate; and the origin
// https://app.example.com (§17.3), so the frontend session steps (src/modules/frontend/examples.ts) may name it.
import { createPair, setRate } from '../../src/modules/conversion/operators.js';
import { addClientOrigin } from '../../src/modules/frontend/operators.js';
import { findPair } from '../../src/modules/conversion/index.js';
import type { Engine } from '../../src/db/engine.js';

/** The origin the walk's frontend session names. */
export const WALK_ORIGIN = 'https://app.example.com';

/** Everything the walk's partner needs of an operator; `at` as provisionConversion's. */
export async function provisionWalk(db: Engine, clientId: string, at: Date): Promise<void> {
  await provisionConversion(db, clientId, at);
  // An https origin: the same in either mode.
  await addClientOrigin(db, clientId, WALK_ORIGIN, false);
}

/** `at`: the rate's asOf, the server's clock (a suite may have moved it). */
export async function provisionConversion(db: Engine, clientId: string, at: Date): Promise<void> {
  await setRate(db, { base: 'USDT', quote: 'EUR', rate: '0.92' }, at);
  if (!(await findPair(db.read, clientId, 'USDT', 'EUR'))) await createPair(db, { clientId, source: 'USDT', target: 'EUR', spreadBps: '50' });
}
