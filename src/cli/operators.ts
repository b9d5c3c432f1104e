// §8, §10.2, §10.7 operator actions (partnerctl and the development demo): partner clients, secrets,
// routes, screening, sandbox failures. Each runs in one transaction of the engine's writer, on either
// engine.
import { randomBytes } from 'node:crypto';
import { activeSecrets, findClient, insertClient, insertSecret, retireSecret, setRateLimit } from '../db/clients-repository.js';
import type { Engine } from '../db/engine.js';
import {
  deleteDenied,
  deleteSandboxFailure,
  findRoute,
  insertDenied,
  insertRoute,
  saveSandboxFailure,
  scalesOfCurrency,
  setRouteEnabled,
  updateRoute,
  type RouteChange,
} from '../modules/routes/index.js';
import { isBlockchain, isValidAddress, normalizeAddressForComparison } from '../core/addresses/index.js';
import type { SecretBox } from '../core/secret-box.js';
import { AMOUNT_PATTERN } from '../core/validate.js';

/** A usage error: arguments missing or malformed (partnerctl exits 2). */
export class OperatorError extends Error {}

/**
 * A refusal: well-formed, but the state says no (partnerctl exits 1 and prints `{"code", "detail"}`,
 * §11.8). Codes: NOT_FOUND, ALREADY_EXISTS, SCALE_MISMATCH, INVALID_STATE, VALIDATION_FAILED.
 */
export class OperatorRefusal extends OperatorError {
  constructor(
    readonly code: string,
    detail: string,
  ) {
    super(detail);
  }
}

/** What an operator action needs of an engine: its writer. */
export type Operated = Pick<Engine, 'writer'>;

const CLIENT_ID_FORMAT = /^[A-Za-z0-9._-]{1,64}$/;
const now = () => new Date().toISOString();

export function newSecret(): string {
  return randomBytes(32).toString('hex');
}

export async function createClient(db: Operated, box: SecretBox, opts: { name: string; clientId?: string; secret?: string }) {
  const clientId = opts.clientId ?? `partner-${randomBytes(6).toString('hex')}`;
  if (!CLIENT_ID_FORMAT.test(clientId)) throw new OperatorError('client id must be 1–64 characters of [A-Za-z0-9._-]');
  if (!opts.name.trim()) throw new OperatorError('--name is required');
  const secret = opts.secret ?? newSecret();
  if (secret.length < 1) throw new OperatorError('secret must not be empty');
  await db.writer.run(async (tx) => {
    if (await findClient(tx, clientId)) throw new OperatorRefusal('ALREADY_EXISTS', `client ${clientId} already exists`);
    await insertClient(tx, { clientId, name: opts.name, createdAt: now() });
    await insertSecret(tx, clientId, box.seal(clientId, secret), now());
  });
  return { clientId, secret };
}

/** Adds a second active secret; a client holds at most two (§2 rotation). */
export async function rotateSecret(db: Operated, box: SecretBox, clientId: string) {
  const secret = newSecret();
  await db.writer.run(async (tx) => {
    if (!(await findClient(tx, clientId))) throw new OperatorRefusal('NOT_FOUND', `client ${clientId} does not exist`);
    const active = await activeSecrets(tx, clientId);
    if (active.length >= 2) throw new OperatorRefusal('INVALID_STATE', 'the client already has two active secrets: retire-secret first');
    await insertSecret(tx, clientId, box.seal(clientId, secret), now());
  });
  return { clientId, secret };
}

/** Drops the older of two active secrets, after which only the newer one verifies. */
export async function retireOldestSecret(db: Operated, clientId: string) {
  return db.writer.run(async (tx) => {
    if (!(await findClient(tx, clientId))) throw new OperatorRefusal('NOT_FOUND', `client ${clientId} does not exist`);
    const active = await activeSecrets(tx, clientId);
    if (active.length < 2) throw new OperatorRefusal('INVALID_STATE', 'the client has a single active secret: rotate-secret first');
    await retireSecret(tx, active[0]!.id, now());
    return { clientId, activeSecrets: active.length - 1 };
  });
}

/**
 * Development only: the demo client (§8) gets one fresh secret and every earlier one stops verifying,
 * for a developer who lost the secret the first start printed.
 */
export async function freshDemoSecret(db: Operated, box: SecretBox, clientId: string) {
  const secret = newSecret();
  await db.writer.run(async (tx) => {
    if (!(await findClient(tx, clientId)))
      throw new OperatorRefusal('NOT_FOUND', `no demo client ${clientId}: npm start provisions it on a first development start with an empty database`);
    const at = now();
    for (const old of await activeSecrets(tx, clientId)) await retireSecret(tx, old.id, at);
    await insertSecret(tx, clientId, box.seal(clientId, secret), at);
  });
  return { clientId, secret };
}

/** Per-client rate limit override (token bucket after authentication). */
export async function setClientLimit(db: Operated, clientId: string, rps: number, burst: number) {
  if (!Number.isFinite(rps) || rps <= 0) throw new OperatorError('--rps must be a positive number');
  if (!Number.isInteger(burst) || burst < 1) throw new OperatorError('--burst must be a whole number of at least 1');
  await db.writer.run(async (tx) => {
    if (!(await findClient(tx, clientId))) throw new OperatorRefusal('NOT_FOUND', `client ${clientId} does not exist`);
    await setRateLimit(tx, clientId, Math.ceil(rps), burst);
  });
  return { clientId, rps: Math.ceil(rps), burst };
}

export type RouteOptions = {
  code: string;
  clientId: string;
  blockchain: string;
  currency: string;
  scale: number;
  minMinor?: string;
  maxMinor?: string;
  feeMinor?: string;
  /** §10.2: deposits at or above it wait for Travel Rule information. */
  travelRuleThresholdMinor?: string;
  disabled?: boolean;
  /** §18 C1: SANDBOX (default) or EVM. */
  rail?: 'SANDBOX' | 'EVM';
  /** §16.8 / C1: the ERC-20 contract of an ETH route; absent: native ETH on EVM. */
  tokenContract?: string;
};

const AMOUNT_FLAGS = [
  ['min-minor', 'minMinor'],
  ['max-minor', 'maxMinor'],
  ['fee-minor', 'feeMinor'],
  ['travel-rule-threshold-minor', 'travelRuleThresholdMinor'],
] as const;

/** Amount flags are digits in minor units, and a given min does not exceed a given max (usage errors). */
function checkAmounts(o: Partial<Record<(typeof AMOUNT_FLAGS)[number][1], string | null>>): void {
  for (const [flag, name] of AMOUNT_FLAGS) {
    const v = o[name];
    if (v !== undefined && v !== null && !AMOUNT_PATTERN.test(v)) throw new OperatorError(`--${flag} must be digits in minor units`);
  }
  if (typeof o.minMinor === 'string' && typeof o.maxMinor === 'string' && BigInt(o.minMinor) > BigInt(o.maxMinor))
    throw new OperatorError('--min-minor must not exceed --max-minor');
}

export async function createRoute(db: Operated, o: RouteOptions) {
  if (!/^[A-Za-z0-9._-]{1,64}$/.test(o.code)) throw new OperatorError('route code must be 1–64 characters of [A-Za-z0-9._-]');
  if (!isBlockchain(o.blockchain)) throw new OperatorError('blockchain must be one of ETH, TRON, BTC, SOL');
  if (!/^[A-Z0-9]{1,16}$/.test(o.currency)) throw new OperatorError('currency must be 1–16 upper-case letters or digits');
  if (!Number.isInteger(o.scale) || o.scale < 0 || o.scale > 36) throw new OperatorError('scale must be an integer 0–36');
  checkAmounts(o);
  return db.writer.run(async (tx) => {
    if (!(await findClient(tx, o.clientId))) throw new OperatorRefusal('NOT_FOUND', `client ${o.clientId} does not exist`);
    if (await findRoute(tx, o.code, o.clientId)) throw new OperatorRefusal('ALREADY_EXISTS', `route ${o.code} is already mapped to ${o.clientId}`);
    // §10.2 (D6): one balance per (customer, currency) across routes, so one scale per currency.
    const other = (await scalesOfCurrency(tx, o.currency)).find((s) => s !== o.scale);
    if (other !== undefined)
      throw new OperatorRefusal('SCALE_MISMATCH', `routes of ${o.currency} have scale ${other}; --scale ${o.scale} is refused`);
    const t = now();
    await insertRoute(tx, {
      routeCode: o.code,
      clientId: o.clientId,
      blockchain: o.blockchain,
      currency: o.currency,
      currencyScale: o.scale,
      minAmountMinor: o.minMinor ?? null,
      maxAmountMinor: o.maxMinor ?? null,
      feeAmountMinor: o.feeMinor ?? '0',
      travelRuleThresholdMinor: o.travelRuleThresholdMinor ?? null,
      enabled: !o.disabled,
      createdAt: t,
      updatedAt: t,
      rail: o.rail ?? 'SANDBOX',
      tokenContract: o.tokenContract ?? null,
      // C1, C12: decimals as read from the chain (18 for native ETH); the key of uq_evm_route_token.
      tokenDecimals: o.rail === 'EVM' ? (o.tokenContract === undefined ? 18 : null) : null,
      evmTokenKey: o.rail === 'EVM' ? (o.tokenContract?.toLowerCase() ?? 'native') : null,
    });
    return (await findRoute(tx, o.code, o.clientId))!;
  });
}

export type RouteUpdate = {
  code: string;
  clientId: string;
  feeMinor?: string;
  minMinor?: string;
  maxMinor?: string;
  /** null: deposits on the route are never held for the Travel Rule. */
  travelRuleThresholdMinor?: string | null;
};

/** §10.2: changes one partner's mapping of a route (later drafts and quotes see it); the route after it. */
export async function updateRouteOf(db: Operated, o: RouteUpdate) {
  checkAmounts(o);
  const set: RouteChange = { updatedAt: now() };
  if (o.feeMinor !== undefined) set.feeAmountMinor = o.feeMinor;
  if (o.minMinor !== undefined) set.minAmountMinor = o.minMinor;
  if (o.maxMinor !== undefined) set.maxAmountMinor = o.maxMinor;
  if (o.travelRuleThresholdMinor !== undefined) set.travelRuleThresholdMinor = o.travelRuleThresholdMinor;
  if (Object.keys(set).length === 1) throw new OperatorError('nothing to update: give --fee-minor, --min-minor, --max-minor or --travel-rule-threshold-minor');
  return db.writer.run(async (tx) => {
    const route = await findRoute(tx, o.code, o.clientId);
    if (!route) throw new OperatorRefusal('NOT_FOUND', `route ${o.code} is not mapped to ${o.clientId}`);
    const min = set.minAmountMinor !== undefined ? set.minAmountMinor : route.minAmountMinor;
    const max = set.maxAmountMinor !== undefined ? set.maxAmountMinor : route.maxAmountMinor;
    if (min !== null && max !== null && BigInt(min) > BigInt(max))
      throw new OperatorRefusal('VALIDATION_FAILED', `the route's minimum ${min} would exceed its maximum ${max}`);
    return (await updateRoute(tx, o.code, o.clientId, set))!;
  });
}

export async function setRouteState(db: Operated, code: string, enabled: boolean) {
  const changed = await db.writer.run((tx) => setRouteEnabled(tx, code, enabled, now()));
  if (changed === 0) throw new OperatorRefusal('NOT_FOUND', `route ${code} does not exist`);
  return { routeCode: code, enabled, mappings: changed };
}

/** A destination named by an operator: its chain and the address's canonical form (usage errors). */
function addressKeyOf(blockchain: string, address: string): string {
  if (!isBlockchain(blockchain)) throw new OperatorError('blockchain must be one of ETH, TRON, BTC, SOL');
  if (!isValidAddress(blockchain, address)) throw new OperatorError(`not a valid ${blockchain} address`);
  return normalizeAddressForComparison(blockchain, address);
}

export async function denyAddress(db: Operated, blockchain: string, address: string) {
  const key = addressKeyOf(blockchain, address);
  await db.writer.run((tx) => insertDenied(tx, blockchain, key, now()));
  return { blockchain, address, denied: true };
}

/** §10.7: removes a deny-list entry (later screenings clear the address). */
export async function allowAddress(db: Operated, blockchain: string, address: string) {
  const key = addressKeyOf(blockchain, address);
  return { removed: await db.writer.run((tx) => deleteDenied(tx, blockchain, key)) };
}

export const FAIL_STEPS = ['BROADCASTING', 'CONFIRMING'] as const;

/** §10.7: adds or replaces the forced failure of a destination; records entering the pipeline capture it. */
export async function failAddress(db: Operated, blockchain: string, address: string, at: string) {
  const key = addressKeyOf(blockchain, address);
  if (!(FAIL_STEPS as readonly string[]).includes(at)) throw new OperatorError(`--at must be one of ${FAIL_STEPS.join(', ')}`);
  await db.writer.run((tx) => saveSandboxFailure(tx, blockchain, key, at, now()));
  return { blockchain, address, at };
}

/** §10.7: removes the forced failure of a destination. */
export async function clearFailAddress(db: Operated, blockchain: string, address: string) {
  const key = addressKeyOf(blockchain, address);
  return { removed: await db.writer.run((tx) => deleteSandboxFailure(tx, blockchain, key)) };
}
