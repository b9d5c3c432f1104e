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

/**
 * Credentials read at most once a second per client: auth then costs no query and no decryption on
 * most requests. §8 allows partnerctl changes up to 5 s to take effect; an unknown client is never
 * cached, so a new one works at once.
 */
export class CredentialCache {
  private readonly entries = new Map<string, { value: ClientCredentials; until: number }>();

  constructor(
    private readonly box: SecretBox,
    private readonly ttlMs = 1_000,
  ) {}

  get(db: Exec, clientId: string, nowMs: number): ClientCredentials | undefined {
    const hit = this.entries.get(clientId);
    if (hit && hit.until > nowMs) return hit.value;
    const value = clientCredentials(db, this.box, clientId);
    if (value) this.entries.set(clientId, { value, until: nowMs + this.ttlMs });
    else this.entries.delete(clientId);
    return value;
  }
}
