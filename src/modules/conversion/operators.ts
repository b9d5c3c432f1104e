// §13.1, §16.6 partnerctl conversion commands: rates (global) and a partner's conversion pairs. Each runs
// in one transaction of the engine's writer. §16.9: a value of the wrong form is a usage error (exit 2);
// one of the right form that breaks a rule is VALIDATION_FAILED, an unknown client or pair NOT_FOUND
// (exit 1). A running server reads pairs and rates per request, so changes apply at once.
import { findClient } from '../../db/clients-repository.js';
import { AMOUNT_PATTERN } from '../../core/validate.js';
import {
  findPair,
  insertPair,
  listRates,
  pairView,
  RATE_PATTERN,
  rho,
  saveRate,
  scaleOfCurrency,
  updatePair,
  type ConversionRateRow,
  type PairChange,
} from './index.js';
import type { Engine } from '../../db/engine.js';
import type { Exec } from '../../db/exec.js';
import { OperatorError, OperatorRefusal, type Operated } from '../../core/command.js';

const now = () => new Date().toISOString();
const CURRENCY_FORMAT = /^[A-Za-z0-9]{1,16}$/;

function currencyForm(option: string, currency: string): void {
  if (!CURRENCY_FORMAT.test(currency)) throw new OperatorError(`${option} must be a currency code of 1–16 letters or digits`);
}

/** §13.1: EUR, USD or the currency of some route; else VALIDATION_FAILED. */
async function requireKnown(tx: Exec, option: string, currency: string): Promise<void> {
  if ((await scaleOfCurrency(tx, currency)) === undefined)
    throw new OperatorRefusal('VALIDATION_FAILED', `${option} ${currency} is not a known currency (EUR, USD or the currency of a route)`);
}

/** §16.9: a rate printed as a plain decimal (`1.50` is `1.5`). */
function rateView(r: ConversionRateRow) {
  return { base: r.base, quote: r.quote, rate: r.rate, asOf: r.asOf };
}

/** §13.1 `rate set`: R = units of Q per unit of B, replacing any earlier rate of (B, Q); asOf = now. */
export async function setRate(db: Operated, o: { base: string; quote: string; rate: string }, at: Date = new Date()) {
  currencyForm('--base', o.base);
  currencyForm('--quote', o.quote);
  if (!RATE_PATTERN.test(o.rate)) throw new OperatorError('--rate must be a decimal: up to 18 digits, then optionally a point and up to 18 digits');
  return db.writer.run(async (tx) => {
    if (o.base === o.quote) throw new OperatorRefusal('VALIDATION_FAILED', '--base and --quote must differ');
    await requireKnown(tx, '--base', o.base);
    await requireKnown(tx, '--quote', o.quote);
    const fixed = rho(o.rate);
    if (fixed <= 0n) throw new OperatorRefusal('VALIDATION_FAILED', '--rate must be greater than 0');
    const [whole, fraction] = o.rate.split('.');
    const trimmed = fraction?.replace(/0+$/, '');
    return rateView(await saveRate(tx, { base: o.base, quote: o.quote, rate: trimmed ? `${whole}.${trimmed}` : whole!, asOf: at.toISOString() }));
  });
}

/** §16.9 `rate list`: every rate, ordered by base, then quote. */
export async function listAllRates(db: Pick<Engine, 'read'>) {
  return (await listRates(db.read)).map(rateView);
}

export type PairKey = { clientId: string; source: string; target: string };
export type PairOptions = PairKey & { spreadBps?: string; minSourceMinor?: string; maxSourceMinor?: string | null; disabled?: boolean };

/** Option forms (usage errors): the spread an integer, the bounds digits. */
function checkPairForms(o: PairOptions): void {
  currencyForm('--source', o.source);
  currencyForm('--target', o.target);
  if (o.spreadBps !== undefined && !/^[0-9]{1,9}$/.test(o.spreadBps)) throw new OperatorError('--spread-bps must be a whole number of basis points');
  for (const [flag, v] of [['--min-source-minor', o.minSourceMinor], ['--max-source-minor', o.maxSourceMinor]] as const)
    if (v !== undefined && v !== null && !AMOUNT_PATTERN.test(v)) throw new OperatorError(`${flag} must be digits in minor units`);
}

/** The rules a pair's values keep (VALIDATION_FAILED): spread 0–1000, 1 ≤ min ≤ max. */
function checkPairRules(spreadBps: number, min: string, max: string | null): void {
  if (spreadBps > 1000) throw new OperatorRefusal('VALIDATION_FAILED', '--spread-bps must be 0–1000');
  if (BigInt(min) < 1n) throw new OperatorRefusal('VALIDATION_FAILED', '--min-source-minor must be at least 1');
  if (max !== null && BigInt(min) > BigInt(max)) throw new OperatorRefusal('VALIDATION_FAILED', `the pair's minimum ${min} would exceed its maximum ${max}`);
}

/** §16.6 `conversion-pair create`: an existing pair is refused (VALIDATION_FAILED). */
export async function createPair(db: Operated, o: PairOptions) {
  checkPairForms(o);
  if (o.spreadBps === undefined) throw new OperatorError('--spread-bps is required');
  const spreadBps = Number(o.spreadBps);
  const min = o.minSourceMinor ?? '1';
  const max = o.maxSourceMinor ?? null;
  return db.writer.run(async (tx) => {
    if (!(await findClient(tx, o.clientId))) throw new OperatorRefusal('NOT_FOUND', `client ${o.clientId} does not exist`);
    if (o.source === o.target) throw new OperatorRefusal('VALIDATION_FAILED', '--source and --target must differ');
    await requireKnown(tx, '--source', o.source);
    await requireKnown(tx, '--target', o.target);
    checkPairRules(spreadBps, min, max);
    if (await findPair(tx, o.clientId, o.source, o.target))
      throw new OperatorRefusal('VALIDATION_FAILED', `the pair ${o.source} → ${o.target} of ${o.clientId} already exists (conversion-pair update changes it)`);
    const t = now();
    return pairView(
      await insertPair(tx, {
        clientId: o.clientId,
        sourceCurrency: o.source,
        targetCurrency: o.target,
        spreadBps,
        minSourceMinor: min,
        maxSourceMinor: max,
        enabled: !o.disabled,
        createdAt: t,
        updatedAt: t,
      }),
    );
  });
}

/** §16.6 `conversion-pair update`: spread or bounds (`--max-source-minor none`: no maximum); later quotes see it. */
export async function updatePairOf(db: Operated, o: PairOptions) {
  checkPairForms(o);
  const set: PairChange = { updatedAt: now() };
  if (o.spreadBps !== undefined) set.spreadBps = Number(o.spreadBps);
  if (o.minSourceMinor !== undefined) set.minSourceMinor = o.minSourceMinor;
  if (o.maxSourceMinor !== undefined) set.maxSourceMinor = o.maxSourceMinor;
  if (Object.keys(set).length === 1) throw new OperatorError('nothing to update: give --spread-bps, --min-source-minor or --max-source-minor');
  return db.writer.run(async (tx) => {
    const pair = await findPair(tx, o.clientId, o.source, o.target);
    if (!pair) throw new OperatorRefusal('NOT_FOUND', `no conversion pair ${o.source} → ${o.target} for ${o.clientId}`);
    checkPairRules(set.spreadBps ?? pair.spreadBps, set.minSourceMinor ?? pair.minSourceMinor, set.maxSourceMinor !== undefined ? set.maxSourceMinor : pair.maxSourceMinor);
    return pairView((await updatePair(tx, o.clientId, o.source, o.target, set))!);
  });
}

/** §16.6 `conversion-pair disable|enable`: a disabled pair refuses quotes and drafts (403); repeating changes nothing. */
export async function setPairEnabled(db: Operated, o: PairKey, enabled: boolean) {
  currencyForm('--source', o.source);
  currencyForm('--target', o.target);
  return db.writer.run(async (tx) => {
    const pair = await findPair(tx, o.clientId, o.source, o.target);
    if (!pair) throw new OperatorRefusal('NOT_FOUND', `no conversion pair ${o.source} → ${o.target} for ${o.clientId}`);
    if (pair.enabled === enabled) return pairView(pair);
    return pairView((await updatePair(tx, o.clientId, o.source, o.target, { enabled, updatedAt: now() }))!);
  });
}
