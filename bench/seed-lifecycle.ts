// Seeds a service database (SQLite) for the lifecycle benchmarks straight through SQL in large
// transactions: a beneficiary, N withdrawals of one customer (any status), events, and a balance.
import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import type { Fixture } from './harness.js';

const BATCH = 50_000;

export function seedBeneficiary(file: string, f: Fixture): string {
  const db = new Database(file);
  try {
    const id = randomUUID();
    const now = new Date().toISOString();
    db.prepare(
      `insert into wallet_beneficiaries (wallet_beneficiary_id, customer_id, client_id, route_code, label, blockchain, wallet_address, address_key,
        is_owner, wallet_type, owner_type, screening_status, beneficiary_status, created_at, updated_at, last_synced_at)
       values (?, ?, ?, ?, 'Bench', 'ETH', ?, ?, 1, 'PRIVATE_WALLET', 'INDIVIDUAL', 'CLEARED', 'ACTIVE', ?, ?, ?)`,
    ).run(id, f.customerId, f.clientId, f.routeCode, '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed', now, now, now);
    return id;
  } finally {
    db.close();
  }
}

/**
 * `rows` withdrawals of the fixture's customer in `status`, one millisecond apart (newest last), due now
 * when in a processing state. Returns their ids, oldest first.
 */
export function seedWithdrawals(file: string, f: Fixture, beneficiaryId: string, rows: number, status: string, o: { amount?: string; fee?: string } = {}): string[] {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  const start = Date.now() - rows - 1000;
  const processing = ['SUBMITTED', 'SCREENING', 'BROADCASTING', 'CONFIRMING'].includes(status);
  const insert = db.prepare(
    `insert into crypto_withdrawals (withdrawal_id, customer_id, client_id, wallet_beneficiary_id, wallet_beneficiary_label, route_code, amount_minor,
      currency, currency_scale, fee_amount_minor, fee_currency, withdrawal_type, status, status_info, kyt_result, created_at, updated_at, submitted_at, due_at)
     values (?, ?, ?, ?, 'Bench', ?, ?, 'USDT', 6, ?, 'USDT', 1, ?, ?, 'PENDING', ?, ?, ?, ?)`,
  );
  const ids: string[] = [];
  const batch = db.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const id = randomUUID();
      const at = new Date(start + i).toISOString();
      insert.run(id, f.customerId, f.clientId, beneficiaryId, f.routeCode, o.amount ?? '1000', o.fee ?? '100', status, status === 'APPROVED' ? 'Awaiting submission' : 'Submitted for processing', at, at, processing ? at : null, processing ? at : null);
      ids.push(id);
    }
  });
  for (let i = 0; i < rows; i += BATCH) batch(i, Math.min(rows, i + BATCH));
  db.close();
  return ids;
}

/** The customer's balance in USDT, as if earlier postings had left it so. */
export function seedBalance(file: string, f: Fixture, available: bigint, held: bigint): void {
  const db = new Database(file);
  try {
    db.prepare(
      `insert into balances (customer_id, currency, client_id, currency_scale, available_minor, held_minor, last_sequence, updated_at)
       values (?, 'USDT', ?, 6, ?, ?, 0, ?)
       on conflict (customer_id, currency) do update set available_minor = excluded.available_minor, held_minor = excluded.held_minor`,
    ).run(f.customerId, f.clientId, available.toString(), held.toString(), new Date(0).toISOString());
  } finally {
    db.close();
  }
}

/** `rows` events of the fixture's client, as a feed of that length reads. */
export function seedEvents(file: string, f: Fixture, rows: number): void {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  const insert = db.prepare(
    `insert into events (event_id, client_id, customer_id, type, resource_type, resource_id, sequence, data, created_at) values (?, ?, ?, 'crypto_withdrawal.approved', 'CRYPTO_WITHDRAWAL', ?, 1, ?, ?)`,
  );
  const now = new Date().toISOString();
  const batch = db.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const resourceId = randomUUID();
      const data = JSON.stringify({ withdrawalId: resourceId, customerId: f.customerId, status: 'APPROVED', amountMinor: '1000', currency: 'USDT', createdAt: now, updatedAt: now });
      insert.run(randomUUID(), f.clientId, f.customerId, resourceId, data, now);
    }
  });
  for (let i = 0; i < rows; i += BATCH) batch(i, Math.min(rows, i + BATCH));
  db.close();
}
