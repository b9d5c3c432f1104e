// What an operator provisions for the walk's partner beside its route (tools/api-examples/run.ts and the
// cross-cutting suites' World.walk): the conversion pair USDT → EUR and the rate USDT/EUR (§13.1), so the
// conversion steps (src/modules/conversion/examples.ts) have a pair and a fresh rate; and the origin
// https://app.example.com (§17.3), so the frontend session steps (src/modules/frontend/examples.ts) may name it;
// and the rails SEPA and ACH (§14.1), so the fiat account steps (src/modules/fiat-accounts/examples.ts) may apply;
// and a sandbox fiat withdrawal outcome (§14.3), so the fiat withdrawal steps may answer their review.
import { createPair, setRate } from '../../src/modules/conversion/operators.js';
import { addClientOrigin } from '../../src/modules/frontend/operators.js';
import { findPair } from '../../src/modules/conversion/index.js';
import { enableRail } from '../../src/modules/fiat-rails/operators.js';
import { sandboxFiatReviewOutcome } from '../../src/modules/information/operators.js';
import { sandboxFiatWithdrawalOutcome } from '../../src/modules/fiat-withdrawals/operators.js';
import type { SecretBox } from '../../src/core/secret-box.js';
import type { Engine } from '../../src/db/engine.js';

/** The origin the walk's frontend session names. */
export const WALK_ORIGIN = 'https://app.example.com';

/** The IBAN the walk's fiat withdrawals pay (src/modules/bank-accounts/examples.ts), normalised. */
export const WALK_IBAN = 'DE89370400440532013000';

/**
 * Everything the walk's partner needs of an operator; `at` as provisionConversion's. `box`: the server's,
 * for the sandbox withdrawal outcome of WALK_IBAN (its first review asks for PAYMENT_PURPOSE_DETAIL, §14.3),
 * so that src/modules/fiat-withdrawals/examples.ts documents the answer.
 */
export async function provisionWalk(db: Engine, clientId: string, at: Date, box: SecretBox): Promise<void> {
  await sandboxFiatWithdrawalOutcome(db, box, WALK_IBAN, { outcome: 'NEEDS_ADDITIONAL_INFORMATION', keys: ['PAYMENT_PURPOSE_DETAIL'], clear: false });
  await provisionConversion(db, clientId, at);
  // An https origin: the same in either mode.
  await addClientOrigin(db, clientId, WALK_ORIGIN, false);
  for (const rail of ['SEPA', 'ACH'] as const) await enableRail(db, { clientId, rail });
}

/**
 * Example.asksInformation: the first review of the customers' next fiat account applications and withdrawal
 * capability activations asks for SOURCE_OF_FUNDS (§14.3), so that the walk documents both answers.
 */
export async function askInformation(db: Engine, customerIds: string[]): Promise<void> {
  for (const customerId of customerIds)
    for (const subject of ['APPLICATION', 'ACTIVATION'] as const)
      await sandboxFiatReviewOutcome(db, customerId, subject, { outcome: 'NEEDS_ADDITIONAL_INFORMATION', keys: ['SOURCE_OF_FUNDS'], clear: false });
}

/** `at`: the rate's asOf, the server's clock (a suite may have moved it). */
export async function provisionConversion(db: Engine, clientId: string, at: Date): Promise<void> {
  await setRate(db, { base: 'USDT', quote: 'EUR', rate: '0.92' }, at);
  if (!(await findPair(db.read, clientId, 'USDT', 'EUR'))) await createPair(db, { clientId, source: 'USDT', target: 'EUR', spreadBps: '50' });
}
