// §8 operator actions on partner clients (partnerctl and the development demo): create, secrets, rate
// limit. Each runs in one transaction of the engine's writer, on either engine. Apart from the routes'
// operator code (src/cli/operators.ts), which loads the chain's libraries these commands never need.
import { randomBytes } from 'node:crypto';
import { activeSecrets, findClient, insertClient, insertSecret, retireSecret, setRateLimit } from '../db/clients-repository.js';
import type { SecretBox } from '../core/secret-box.js';
import { OperatorError, OperatorRefusal, type Operated } from '../core/command.js';

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
    if (await findClient(tx, clientId)) throw new OperatorRefusal('VALIDATION_FAILED', `client ${clientId} already exists`);
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

