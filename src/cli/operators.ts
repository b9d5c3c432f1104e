// §8 operator actions (partnerctl and the development demo): partner clients, secrets, routes, screening.
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/open.js';
import { activeSecretsNow, findClientNow, insertClient, insertSecret, retireSecret, setRateLimit } from '../db/clients-repository.js';
import { findRouteNow, insertDenied, insertRoute, setRouteEnabled } from '../modules/routes/repository.js';
import { isBlockchain, isValidAddress, normalizeAddressForComparison } from '../core/addresses/index.js';
import type { SecretBox } from '../core/secret-box.js';
import { AMOUNT_PATTERN } from '../core/validate.js';

export class OperatorError extends Error {}

const CLIENT_ID_FORMAT = /^[A-Za-z0-9._-]{1,64}$/;
const now = () => new Date().toISOString();

export function newSecret(): string {
  return randomBytes(32).toString('hex');
}

export function createClient(db: Db, box: SecretBox, opts: { name: string; clientId?: string; secret?: string }) {
  const clientId = opts.clientId ?? `partner-${randomBytes(6).toString('hex')}`;
  if (!CLIENT_ID_FORMAT.test(clientId)) throw new OperatorError('client id must be 1–64 characters of [A-Za-z0-9._-]');
  if (!opts.name.trim()) throw new OperatorError('--name is required');
  const secret = opts.secret ?? newSecret();
  if (secret.length < 1) throw new OperatorError('secret must not be empty');
  db.transaction((tx) => {
    if (findClientNow(tx, clientId)) throw new OperatorError(`client ${clientId} already exists`);
    insertClient(tx, { clientId, name: opts.name, createdAt: now() });
    insertSecret(tx, clientId, box.seal(clientId, secret), now());
  });
  return { clientId, secret };
}

/** Adds a second active secret; a client holds at most two (§2 rotation). */
export function rotateSecret(db: Db, box: SecretBox, clientId: string) {
  const secret = newSecret();
  db.transaction((tx) => {
    if (!findClientNow(tx, clientId)) throw new OperatorError(`client ${clientId} does not exist`);
    const active = activeSecretsNow(tx, clientId);
    if (active.length >= 2) throw new OperatorError('the client already has two active secrets: retire-secret first');
    insertSecret(tx, clientId, box.seal(clientId, secret), now());
  });
  return { clientId, secret };
}

/** Drops the older of two active secrets, after which only the newer one verifies. */
export function retireOldestSecret(db: Db, clientId: string) {
  return db.transaction((tx) => {
    if (!findClientNow(tx, clientId)) throw new OperatorError(`client ${clientId} does not exist`);
    const active = activeSecretsNow(tx, clientId);
    if (active.length < 2) throw new OperatorError('the client has a single active secret: rotate-secret first');
    retireSecret(tx, active[0]!.id, now());
    return { clientId, activeSecrets: active.length - 1 };
  });
}

/** Per-client rate limit override (token bucket after authentication). */
export function setClientLimit(db: Db, clientId: string, rps: number, burst: number) {
  if (!Number.isFinite(rps) || rps <= 0) throw new OperatorError('--rps must be a positive number');
  if (!Number.isInteger(burst) || burst < 1) throw new OperatorError('--burst must be a whole number of at least 1');
  if (!findClientNow(db, clientId)) throw new OperatorError(`client ${clientId} does not exist`);
  setRateLimit(db, clientId, Math.ceil(rps), burst);
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
  disabled?: boolean;
};

export function createRoute(db: Db, o: RouteOptions) {
  if (!/^[A-Za-z0-9._-]{1,64}$/.test(o.code)) throw new OperatorError('route code must be 1–64 characters of [A-Za-z0-9._-]');
  if (!isBlockchain(o.blockchain)) throw new OperatorError('blockchain must be one of ETH, TRON, BTC, SOL');
  if (!/^[A-Z0-9]{1,16}$/.test(o.currency)) throw new OperatorError('currency must be 1–16 upper-case letters or digits');
  if (!Number.isInteger(o.scale) || o.scale < 0 || o.scale > 36) throw new OperatorError('scale must be an integer 0–36');
  for (const [name, v] of [['min-minor', o.minMinor], ['max-minor', o.maxMinor], ['fee-minor', o.feeMinor]] as const)
    if (v !== undefined && !AMOUNT_PATTERN.test(v)) throw new OperatorError(`--${name} must be digits in minor units`);
  if (o.minMinor !== undefined && o.maxMinor !== undefined && BigInt(o.minMinor) > BigInt(o.maxMinor))
    throw new OperatorError('--min-minor must not exceed --max-minor');
  return db.transaction((tx) => {
    if (!findClientNow(tx, o.clientId)) throw new OperatorError(`client ${o.clientId} does not exist`);
    if (findRouteNow(tx, o.code, o.clientId)) throw new OperatorError(`route ${o.code} is already mapped to ${o.clientId}`);
    const t = now();
    insertRoute(tx, {
      routeCode: o.code,
      clientId: o.clientId,
      blockchain: o.blockchain,
      currency: o.currency,
      currencyScale: o.scale,
      minAmountMinor: o.minMinor ?? null,
      maxAmountMinor: o.maxMinor ?? null,
      feeAmountMinor: o.feeMinor ?? '0',
      enabled: !o.disabled,
      createdAt: t,
      updatedAt: t,
    });
    return findRouteNow(tx, o.code, o.clientId)!;
  });
}

export function setRouteState(db: Db, code: string, enabled: boolean) {
  const changed = setRouteEnabled(db, code, enabled, now());
  if (changed === 0) throw new OperatorError(`route ${code} does not exist`);
  return { routeCode: code, enabled, mappings: changed };
}

export function denyAddress(db: Db, blockchain: string, address: string) {
  if (!isBlockchain(blockchain)) throw new OperatorError('blockchain must be one of ETH, TRON, BTC, SOL');
  if (!isValidAddress(blockchain, address)) throw new OperatorError(`not a valid ${blockchain} address`);
  insertDenied(db, blockchain, normalizeAddressForComparison(blockchain, address), now());
  return { blockchain, address, denied: true };
}
