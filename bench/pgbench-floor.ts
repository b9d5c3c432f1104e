// PostgreSQL's own speed for what one create owes the database, as the floor of the PostgreSQL figures of
// `npm run bench`: `pgbench` runs, in one transaction per create and on the service's own tables (the
// schema a bench run provisioned), the nonce, the idempotency lookup, the record, the event (its feed
// lock, sequence and row, as src/modules/events/repository.ts writes it), the audit row and the
// idempotency record, each statement parameterised as the service sends it (`--protocol=prepared`).
// No HTTP, no signature, no application: what the service's rate is compared with (`feedLock: 'shared'`,
// as the service takes the feed's lock, §11.3). `exclusive` is the lock held to commit, as it was before
// the feed's watermark; `none` leaves it out.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export type PgbenchFloor = { tps: number; clients: number; seconds: number };

/** The transaction a create is, in pgbench's script language (:client_id and random() give fresh keys). */
/** The feed's lock as the service takes it (shared), as it took it before (exclusive, to commit), or none. */
export type FeedLock = 'shared' | 'exclusive' | 'none';
const LOCK_CALL: Record<FeedLock, string> = {
  shared: 'pg_advisory_xact_lock_shared(7420011)',
  exclusive: 'pg_advisory_xact_lock(7420011)',
  none: '1',
};

function script(f: { clientId: string; customerId: string; routeCode: string }, feedLock: FeedLock): string {
  const client = `'${f.clientId}'`;
  return `\\set r random(1, 9000000000000000)
BEGIN ISOLATION LEVEL REPEATABLE READ;
INSERT INTO nonces (client_id, nonce, seen_at_ms) VALUES (${client}, :client_id || '-' || :r, 0)
  ON CONFLICT (client_id, nonce) DO UPDATE SET seen_at_ms = excluded.seen_at_ms WHERE nonces.seen_at_ms <= 0 RETURNING nonce;
SELECT * FROM idempotency_records WHERE client_id = ${client} AND idempotency_key = 'k-' || :client_id || '-' || :r;
INSERT INTO wallet_beneficiaries (wallet_beneficiary_id, customer_id, client_id, route_code, label, blockchain, wallet_address, address_key,
  is_owner, wallet_type, owner_type, screening_status, beneficiary_status, created_at, updated_at, last_synced_at)
  VALUES ('b-' || :client_id || '-' || :r, '${f.customerId}', ${client}, '${f.routeCode}', 'Cold wallet', 'ETH', '0x' || :r, '0x' || :r,
  true, 'UNHOSTED', 'INDIVIDUAL', 'PASSED', 'ACTIVE', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z');
WITH feed AS (SELECT ${LOCK_CALL[feedLock]})
  INSERT INTO events (event_id, client_id, customer_id, type, resource_type, resource_id, sequence, data, created_at)
  SELECT 'e-' || :client_id || '-' || :r, ${client}, '${f.customerId}', 'wallet_beneficiary.active', 'WALLET_BENEFICIARY', 'b-' || :client_id || '-' || :r,
    coalesce((SELECT max(e.sequence) FROM events e WHERE e.resource_id = 'b-' || :client_id || '-' || :r), 0) + 1,
    '{"walletBeneficiaryId":"b","label":"Cold wallet","blockchain":"ETH","status":"ACTIVE"}', '2026-01-01T00:00:00.000Z'
  FROM feed RETURNING position, sequence;
INSERT INTO audit_events (at, request_id, client_id, operation, target_id, idempotency_key, status, result_id, replayed)
  VALUES ('2026-01-01T00:00:00.000Z', 'r-' || :r, ${client}, 'createCryptoWalletBeneficiary', '${f.customerId}', 'k-' || :client_id || '-' || :r, 200, 'b', false);
INSERT INTO idempotency_records (client_id, idempotency_key, operation, fingerprint, resource_id, response_json, created_at, expires_at_ms)
  VALUES (${client}, 'k-' || :client_id || '-' || :r, 'createCryptoWalletBeneficiary', 'f', 'b', '{"walletBeneficiaryId":"b"}', '2026-01-01T00:00:00.000Z', 0);
COMMIT;
`;
}

/** Runs pgbench against `databaseUrl` (its `options` carry the schema's search_path); undefined when pgbench is absent. */
export async function pgbenchFloor(
  dir: string,
  databaseUrl: string,
  f: { clientId: string; customerId: string; routeCode: string },
  o: { clients: number; seconds: number; feedLock: FeedLock },
): Promise<PgbenchFloor | undefined> {
  const file = path.join(dir, `pgbench-create-${o.feedLock}.sql`);
  fs.writeFileSync(file, script(f, o.feedLock));
  const url = new URL(databaseUrl);
  const env = { ...process.env, PGOPTIONS: url.searchParams.get('options') ?? '' };
  url.searchParams.delete('options');
  const args = ['--no-vacuum', '--protocol=prepared', `--client=${o.clients}`, `--jobs=${Math.min(o.clients, 2)}`, `--time=${o.seconds}`, `--file=${file}`, url.toString()];
  const out = await new Promise<string | undefined>((resolve, reject) =>
    execFile('pgbench', args, { env, maxBuffer: 16 << 20 }, (err, stdout, stderr) => {
      if (err && (err as NodeJS.ErrnoException).code === 'ENOENT') return resolve(undefined);
      if (err) return reject(new Error(`pgbench failed: ${stderr || err.message}`));
      resolve(stdout);
    }),
  );
  if (out === undefined) return undefined;
  const tps = /tps = ([0-9.]+)/.exec(out)?.[1];
  if (!tps) throw new Error(`pgbench printed no tps:\n${out}`);
  return { tps: Number(tps), clients: o.clients, seconds: o.seconds };
}
