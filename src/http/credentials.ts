// Partner clients as auth sees them: the active secrets (decrypted only here, only in memory) and the
// client's rate limit override.
import { activeSecrets, findClient } from '../db/clients-repository.js';
import type { Exec } from '../db/exec.js';
import type { SecretBox } from '../core/secret-box.js';

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

export async function clientCredentials(db: Exec, box: SecretBox, clientId: string): Promise<ClientCredentials | undefined> {
  const client = await findClient(db, clientId);
  if (!client) return undefined;
  const secrets: string[] = [];
  for (const s of await activeSecrets(db, clientId)) {
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
 * Credentials read at most once per `ttlMs` per client (CREDENTIAL_CACHE_MS): auth then costs no query
 * and no decryption on most requests. §8 allows partnerctl changes up to 5 s to take effect; an unknown
 * client is never cached, so a new one works at once. Time is the request's clock. A client's requests
 * that find its entry expired together share one read (a busy client's connections would otherwise all
 * read it at once, each entry expiring for all of them at the same moment).
 */
export class CredentialCache {
  private readonly entries = new Map<string, { value: ClientCredentials; until: number }>();
  private readonly reading = new Map<string, Promise<ClientCredentials | undefined>>();
  /** Reads of the database made, for tests and the benchmark. */
  reads = 0;

  constructor(
    private readonly box: SecretBox,
    private readonly ttlMs: number,
  ) {}

  get(db: Exec, clientId: string, nowMs: number): Promise<ClientCredentials | undefined> {
    const hit = this.entries.get(clientId);
    if (hit && hit.until > nowMs) return Promise.resolve(hit.value);
    const pending = this.reading.get(clientId);
    if (pending) return pending;
    const read = this.read(db, clientId, nowMs);
    this.reading.set(clientId, read);
    return read;
  }

  private async read(db: Exec, clientId: string, nowMs: number): Promise<ClientCredentials | undefined> {
    this.reads += 1;
    try {
      const value = await clientCredentials(db, this.box, clientId);
      if (value && this.ttlMs > 0) this.entries.set(clientId, { value, until: nowMs + this.ttlMs });
      else this.entries.delete(clientId);
      return value;
    } finally {
      this.reading.delete(clientId);
    }
  }
}
