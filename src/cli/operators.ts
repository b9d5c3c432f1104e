// §8 operator actions (partnerctl and the development demo): partner clients, secrets, routes, screening.
// Each runs in one transaction of the engine's writer, on either engine.
import { randomBytes } from 'node:crypto';
import { activeSecrets, findClient, insertClient, insertSecret, retireSecret, setRateLimit } from '../db/clients-repository.js';
import type { Engine } from '../db/engine.js';
import { findRoute, insertDenied, insertRoute, setRouteEnabled } from '../modules/routes/repository.js';
import { isBlockchain, isValidAddress, normalizeAddressForComparison } from '../core/addresses/index.js';
import type { SecretBox } from '../core/secret-box.js';
import { AMOUNT_PATTERN } from '../core/validate.js';

export class OperatorError extends Error {}

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
    if (await findClient(tx, clientId)) throw new OperatorError(`client ${clientId} already exists`);
    await insertClient(tx, { clientId, name: opts.name, createdAt: now() });
    await insertSecret(tx, clientId, box.seal(clientId, secret), now());
  });
  return { clientId, secret };
}

/** Adds a second active secret; a client holds at most two (§2 rotation). */
export async function rotateSecret(db: Operated, box: SecretBox, clientId: string) {
  const secret = newSecret();
  await db.writer.run(async (tx) => {
    if (!(await findClient(tx, clientId))) throw new OperatorError(`client ${clientId} does not exist`);
    const active = await activeSecrets(tx, clientId);
    if (active.length >= 2) throw new OperatorError('the client already has two active secrets: retire-secret first');
    await insertSecret(tx, clientId, box.seal(clientId, secret), now());
  });
  return { clientId, secret };
}

/** Drops the older of two active secrets, after which only the newer one verifies. */
export async function retireOldestSecret(db: Operated, clientId: string) {
  return db.writer.run(async (tx) => {
    if (!(await findClient(tx, clientId))) throw new OperatorError(`client ${clientId} does not exist`);
    const active = await activeSecrets(tx, clientId);
    if (active.length < 2) throw new OperatorError('the client has a single active secret: rotate-secret first');
    await retireSecret(tx, active[0]!.id, now());
    return { clientId, activeSecrets: active.length - 1 };
  });
}

/** Per-client rate limit override (token bucket after authentication). */
export async function setClientLimit(db: Operated, clientId: string, rps: number, burst: number) {
  if (!Number.isFinite(rps) || rps <= 0) throw new OperatorError('--rps must be a positive number');
  if (!Number.isInteger(burst) || burst < 1) throw new OperatorError('--burst must be a whole number of at least 1');
  await db.writer.run(async (tx) => {
    if (!(await findClient(tx, clientId))) throw new OperatorError(`client ${clientId} does not exist`);
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
};

export async function createRoute(db: Operated, o: RouteOptions) {
  if (!/^[A-Za-z0-9._-]{1,64}$/.test(o.code)) throw new OperatorError('route code must be 1–64 characters of [A-Za-z0-9._-]');
  if (!isBlockchain(o.blockchain)) throw new OperatorError('blockchain must be one of ETH, TRON, BTC, SOL');
  if (!/^[A-Z0-9]{1,16}$/.test(o.currency)) throw new OperatorError('currency must be 1–16 upper-case letters or digits');
  if (!Number.isInteger(o.scale) || o.scale < 0 || o.scale > 36) throw new OperatorError('scale must be an integer 0–36');
  for (const [name, v] of [['min-minor', o.minMinor], ['max-minor', o.maxMinor], ['fee-minor', o.feeMinor], ['travel-rule-threshold-minor', o.travelRuleThresholdMinor]] as const)
    if (v !== undefined && !AMOUNT_PATTERN.test(v)) throw new OperatorError(`--${name} must be digits in minor units`);
  if (o.minMinor !== undefined && o.maxMinor !== undefined && BigInt(o.minMinor) > BigInt(o.maxMinor))
    throw new OperatorError('--min-minor must not exceed --max-minor');
  return db.writer.run(async (tx) => {
    if (!(await findClient(tx, o.clientId))) throw new OperatorError(`client ${o.clientId} does not exist`);
    if (await findRoute(tx, o.code, o.clientId)) throw new OperatorError(`route ${o.code} is already mapped to ${o.clientId}`);
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
    });
    return (await findRoute(tx, o.code, o.clientId))!;
  });
}

export async function setRouteState(db: Operated, code: string, enabled: boolean) {
  const changed = await db.writer.run((tx) => setRouteEnabled(tx, code, enabled, now()));
  if (changed === 0) throw new OperatorError(`route ${code} does not exist`);
  return { routeCode: code, enabled, mappings: changed };
}

export async function denyAddress(db: Operated, blockchain: string, address: string) {
  if (!isBlockchain(blockchain)) throw new OperatorError('blockchain must be one of ETH, TRON, BTC, SOL');
  if (!isValidAddress(blockchain, address)) throw new OperatorError(`not a valid ${blockchain} address`);
  await db.writer.run((tx) => insertDenied(tx, blockchain, normalizeAddressForComparison(blockchain, address), now()));
  return { blockchain, address, denied: true };
}
