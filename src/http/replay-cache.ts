// Answers a byte-identical retry of an answered mutation without running it again (§3 replay).
//
// A partner's retry is normally the very same request re-signed: same path, same Idempotency-Key, same
// body bytes. Same bytes mean the same arguments, so the same fingerprint, so §3 says "the stored
// result": the answer already sent. This cache keeps that answer (the bytes of each surface's reply) for
// the stored record's lifetime, so such a retry costs authentication, its nonce and its audit row, not
// a GraphQL execution. It only ever holds what a committed idempotency record already decided; any
// other request (different bytes, another surface, a cold cache after a restart, another process) takes
// the full path, where the idempotency module remains the authority (replay, 409, or a fresh effect).
import type { AuditSubject } from '../core/audit.js';
import type { HttpReply } from './types.js';

export type StoredAnswer = {
  reply: HttpReply;
  /** The idempotency record the answer belongs to: its resource, expiry and audit subject. */
  resourceId: string;
  expiresAtMs: number;
  subject: AuditSubject;
};

type Entry = StoredAnswer & { url: string; bodyHash: string };

export class ReplayCache {
  // A Map iterates in insertion order: re-inserting on use makes the first key the least recently used.
  private readonly entries = new Map<string, Entry>();
  /** Retries answered from here, for tests and the benchmark. */
  hits = 0;

  constructor(private readonly maxEntries: number) {}

  /** The answer to replay for this exact request, if one is stored and its record has not expired. */
  find(clientId: string, idempotencyKey: string, url: string, bodyHash: string, nowMs: number): StoredAnswer | undefined {
    if (this.maxEntries === 0) return undefined;
    const key = scope(clientId, idempotencyKey);
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAtMs <= nowMs) {
      this.entries.delete(key);
      return undefined;
    }
    if (entry.url !== url || entry.bodyHash !== bodyHash) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.hits += 1;
    return entry;
  }

  remember(clientId: string, idempotencyKey: string, url: string, bodyHash: string, answer: StoredAnswer): void {
    if (this.maxEntries === 0) return;
    const key = scope(clientId, idempotencyKey);
    this.entries.delete(key);
    this.entries.set(key, { ...answer, url, bodyHash });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  get size(): number {
    return this.entries.size;
  }
}

const scope = (clientId: string, idempotencyKey: string) => `${clientId}\n${idempotencyKey}`;
