// §17.3 partnerctl client origin add|remove|list: the web origins a partner client's frontend sessions may
// name. Each change runs in one transaction of the engine's writer, holding the client's row (so two
// concurrent adds on PostgreSQL cannot pass the limit together), and prints the client's origins after it.
import { findClient, lockClient } from '../../db/clients-repository.js';
import type { Engine } from '../../db/engine.js';
import { addOrigin, listOrigins, normaliseOrigin, removeOrigin, revokeOriginSessions } from './index.js';
import { OperatorRefusal } from '../../core/command.js';

/** §17.3: at most this many origins per client. */
export const MAX_ORIGINS_PER_CLIENT = 20;

type Db = Pick<Engine, 'writer' | 'read'>;

const now = () => new Date().toISOString();
const missingClient = (clientId: string) => new OperatorRefusal('NOT_FOUND', `client ${clientId} does not exist`);

/** The origin as §17.3 serialises it, in partnerctl's own mode (NODE_ENV); a value that is not one is a refusal. */
function originOf(value: string, production: boolean): string {
  const checked = normaliseOrigin(value, production);
  if ('fault' in checked) throw new OperatorRefusal('VALIDATION_FAILED', `--origin ${checked.fault}`);
  return checked.origin;
}

/** Adds the origin; one the client already has is left as it is (exit 0, the same list). */
export async function addClientOrigin(db: Db, clientId: string, value: string, production: boolean) {
  const origin = originOf(value, production);
  return db.writer.run(async (tx) => {
    if (!(await lockClient(tx, clientId))) throw missingClient(clientId);
    const origins = await listOrigins(tx, clientId);
    if (!origins.includes(origin)) {
      if (origins.length >= MAX_ORIGINS_PER_CLIENT)
        throw new OperatorRefusal('INVALID_STATE', `client ${clientId} already has ${MAX_ORIGINS_PER_CLIENT} origins, the most it may have: remove one first`);
      await addOrigin(tx, clientId, origin, now());
    }
    return { clientId, origins: await listOrigins(tx, clientId) };
  });
}

/**
 * Removes the origin and, in the same transaction, revokes the client's sessions bound to it (§17.3);
 * prints how many it revoked. An origin the client does not have is NOT_FOUND (§16.9: an unknown record).
 */
export async function removeClientOrigin(db: Db, clientId: string, value: string, production: boolean) {
  const origin = originOf(value, production);
  return db.writer.run(async (tx) => {
    if (!(await lockClient(tx, clientId))) throw missingClient(clientId);
    if (!(await removeOrigin(tx, clientId, origin))) throw new OperatorRefusal('NOT_FOUND', `origin ${origin} is not registered for client ${clientId}`);
    const revokedSessions = await revokeOriginSessions(tx, clientId, origin, now());
    return { clientId, origins: await listOrigins(tx, clientId), revokedSessions };
  });
}

export async function clientOrigins(db: Db, clientId: string) {
  if (!(await findClient(db.read, clientId))) throw missingClient(clientId);
  return { clientId, origins: await listOrigins(db.read, clientId) };
}
