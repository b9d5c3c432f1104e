// §14.1, §16.6 operator actions on a partner's fiat rails, each in one transaction of the engine's writer.
// §16.9: a value of the wrong form is a usage error (exit 2); one of the right form that breaks a rule is
// VALIDATION_FAILED, an unknown client or rail NOT_FOUND (exit 1). A running server reads the rails per
// request, so a change applies to the next quote or draft.
import { findClient } from '../../db/clients-repository.js';
import { AMOUNT_PATTERN } from '../../core/validate.js';
import { OperatorError, OperatorRefusal, type Operated } from '../../core/command.js';
import { findPartnerRail, railView, savePartnerRail, setPartnerRailEnabled, type FiatRail } from './index.js';

export type RailOptions = { clientId: string; rail: FiatRail; withdrawalFeeMinor?: string; minMinor?: string; maxMinor?: string };

/** Option forms (usage errors): amounts are digits; `--max-minor` also `none`. */
function checkForms(o: RailOptions): void {
  for (const [flag, v] of [['--withdrawal-fee-minor', o.withdrawalFeeMinor], ['--min-minor', o.minMinor]] as const)
    if (v !== undefined && !AMOUNT_PATTERN.test(v)) throw new OperatorError(`${flag} must be digits in minor units`);
  if (o.maxMinor !== undefined && o.maxMinor !== 'none' && !AMOUNT_PATTERN.test(o.maxMinor)) throw new OperatorError('--max-minor must be digits in minor units, or none');
}

/** §14.1 `fiat rail enable`: creates the rail (fee 0, min 1, max none) or re-enables it; given options replace. */
export async function enableRail(db: Operated, o: RailOptions, at: Date = new Date()) {
  checkForms(o);
  return db.writer.run(async (tx) => {
    if (!(await findClient(tx, o.clientId))) throw new OperatorRefusal('NOT_FOUND', `client ${o.clientId} does not exist`);
    const earlier = await findPartnerRail(tx, o.clientId, o.rail);
    const fee = o.withdrawalFeeMinor ?? earlier?.withdrawalFeeMinor ?? '0';
    const min = o.minMinor ?? earlier?.minMinor ?? '1';
    const max = o.maxMinor === 'none' ? null : (o.maxMinor ?? (earlier ? earlier.maxMinor : null));
    if (BigInt(min) < 1n) throw new OperatorRefusal('VALIDATION_FAILED', '--min-minor must be at least 1');
    if (max !== null && BigInt(min) > BigInt(max)) throw new OperatorRefusal('VALIDATION_FAILED', `the rail's minimum ${min} would exceed its maximum ${max}`);
    const t = at.toISOString();
    return railView(
      await savePartnerRail(tx, {
        clientId: o.clientId,
        rail: o.rail,
        enabled: true,
        withdrawalFeeMinor: fee,
        minMinor: min,
        maxMinor: max,
        createdAt: earlier?.createdAt ?? t,
        updatedAt: t,
      }),
    );
  });
}

/** §14.1 `fiat rail disable`: repeating prints the rail unchanged; a rail never enabled is NOT_FOUND. */
export async function disableRail(db: Operated, clientId: string, rail: FiatRail, at: Date = new Date()) {
  return db.writer.run(async (tx) => {
    if (!(await findClient(tx, clientId))) throw new OperatorRefusal('NOT_FOUND', `client ${clientId} does not exist`);
    const row = await findPartnerRail(tx, clientId, rail);
    if (!row) throw new OperatorRefusal('NOT_FOUND', `the ${rail} rail was never enabled for client ${clientId}`);
    if (!row.enabled) return railView(row);
    return railView((await setPartnerRailEnabled(tx, clientId, rail, false, at.toISOString()))!);
  });
}
