// Partner clients as auth sees them: the active secrets (decrypted only here, only in memory) and the
// client's rate limit override.
import { activeSecrets, findClient } from '../db/clients-repository.js';
import type { Exec } from '../db/exec.js';
import type { SecretBox } from './secret-box.js';

export type ClientCredentials = {
  clientId: string;
  /** Plaintext active secrets, oldest first. */
  secrets: string[];
  rateLimit: { rps: number; burst: number } | undefined;
};

/** A secret sealed under another key (a misconfigured PARTNER_SECRET_KEY) cannot verify anything. */
function openOrUndefined(box: SecretBox, clientId: string, sealed: string): string | undefined {
  try {
    return box.open(clientId, sealed);
  } catch {
    return undefined;
  }
}

export function clientCredentials(db: Exec, box: SecretBox, clientId: string): ClientCredentials | undefined {
  const client = findClient(db, clientId);
  if (!client) return undefined;
  const secrets: string[] = [];
  for (const s of activeSecrets(db, clientId)) {
    const plain = openOrUndefined(box, clientId, s.secret);
    if (plain !== undefined) secrets.push(plain);
  }
  const rateLimit =
    client.rateLimitRps !== null && client.rateLimitBurst !== null
      ? { rps: client.rateLimitRps, burst: client.rateLimitBurst }
      : undefined;
  return { clientId, secrets, rateLimit };
}
