// Seeds N wallet beneficiaries and idempotency rows straight into a service database, so the create
// rate can be compared on a large database. Plain SQL in one transaction: fast.
import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';

export function seedRows(file: string, f: { clientId: string; customerId: string; routeCode: string }, rows: number): void {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  const now = new Date().toISOString();
  const expires = Date.now() + 24 * 3_600_000;
  const insertB = db.prepare(`insert into wallet_beneficiaries (wallet_beneficiary_id, customer_id, client_id, route_code, label, blockchain,
    wallet_address, address_key, is_owner, wallet_type, owner_type, screening_status, beneficiary_status, created_at, updated_at, last_synced_at)
    values (?, ?, ?, ?, 'Seeded', 'ETH', ?, ?, 1, 'PRIVATE_WALLET', 'INDIVIDUAL', 'CLEARED', 'ACTIVE', ?, ?, ?)`);
  const insertI = db.prepare(`insert into idempotency_records (client_id, idempotency_key, operation, fingerprint, resource_id, response_json, created_at, expires_at_ms)
    values (?, ?, 'createCryptoWalletBeneficiary', ?, ?, ?, ?, ?)`);
  const batch = db.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const id = randomUUID();
      const address = `0xseed${i.toString(16).padStart(36, '0')}`;
      insertB.run(id, f.customerId, f.clientId, f.routeCode, address, address, now, now, now);
      insertI.run(f.clientId, `seed-${i}`, id.replaceAll('-', '').padEnd(64, '0'), id, `{"walletBeneficiaryId":"${id}"}`, now, expires);
    }
  });
  for (let i = 0; i < rows; i += 50_000) batch(i, Math.min(rows, i + 50_000));
  db.close();
}
