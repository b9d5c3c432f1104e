// Seeds a service database (PostgreSQL) for the lifecycle benchmarks: the same rows as
// bench/seed-lifecycle.ts writes into SQLite (a beneficiary, N withdrawals of one customer, the
// customer's balance), through `pg` in multi-row inserts, all in one transaction.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Fixture } from './harness.js';

/** Rows per insert: 14 parameters each, under PostgreSQL's 65 535 parameters per statement. */
const BATCH = 2_000;
/** A due time no worker reaches: withdrawals seeded with `held` wait for releaseWithdrawals(). */
const HELD_DUE_AT = '9999-12-31T23:59:59.999Z';

export type LifecycleSeed = {
  /** How many withdrawals, in which status; amount and fee in minor units (default 1000 and 100). */
  withdrawals: { rows: number; status: string; amount?: string; fee?: string; held?: boolean };
  /** The customer's USDT balance, as if earlier postings had left it so. */
  balance?: { available: bigint; held: bigint };
};

async function withClient<T>(databaseUrl: string, work: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end();
  }
}

/** Seeds the fixture's customer; returns the withdrawals' ids, oldest first (as seedWithdrawals). */
export function seedLifecyclePg(databaseUrl: string, f: Fixture, seed: LifecycleSeed): Promise<string[]> {
  return withClient(databaseUrl, async (c) => {
    await c.query('begin');
    try {
      const beneficiaryId = await seedBeneficiary(c, f);
      const ids = await seedWithdrawals(c, f, beneficiaryId, seed.withdrawals);
      if (seed.balance) await seedBalance(c, f, seed.balance.available, seed.balance.held);
      await c.query('commit');
      return ids;
    } catch (error) {
      await c.query('rollback');
      throw error;
    }
  });
}

async function seedBeneficiary(c: pg.Client, f: Fixture): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  const address = '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed';
  await c.query(
    `insert into wallet_beneficiaries (wallet_beneficiary_id, customer_id, client_id, route_code, label, blockchain, wallet_address, address_key,
      is_owner, wallet_type, owner_type, screening_status, beneficiary_status, created_at, updated_at, last_synced_at)
     values ($1, $2, $3, $4, 'Bench', 'ETH', $5, $6, true, 'PRIVATE_WALLET', 'INDIVIDUAL', 'CLEARED', 'ACTIVE', $7, $8, $9)`,
    [id, f.customerId, f.clientId, f.routeCode, address, address, now, now, now],
  );
  return id;
}

/**
 * As seedWithdrawals (SQLite): one millisecond apart (newest last), due at their creation when in a
 * processing state, or (`held`) at a time no worker reaches, until releaseWithdrawals().
 */
async function seedWithdrawals(c: pg.Client, f: Fixture, beneficiaryId: string, w: LifecycleSeed['withdrawals']): Promise<string[]> {
  const start = Date.now() - w.rows - 1000;
  const processing = ['SUBMITTED', 'SCREENING', 'BROADCASTING', 'CONFIRMING'].includes(w.status);
  const statusInfo = w.status === 'APPROVED' ? 'Awaiting submission' : 'Submitted for processing';
  const ids: string[] = [];
  for (let from = 0; from < w.rows; from += BATCH) {
    const to = Math.min(w.rows, from + BATCH);
    const values: string[] = [];
    const params: unknown[] = [];
    for (let i = from; i < to; i++) {
      const id = randomUUID();
      const at = new Date(start + i).toISOString();
      const row = [id, f.customerId, f.clientId, beneficiaryId, f.routeCode, 'Bench', w.amount ?? '1000', w.fee ?? '100', w.status, statusInfo, at, at, processing ? at : null, processing ? (w.held ? HELD_DUE_AT : at) : null];
      values.push(`(${row.map((_, k) => `$${params.length + k + 1}`).join(', ')})`);
      params.push(...row);
      ids.push(id);
    }
    await c.query(
      `insert into crypto_withdrawals (withdrawal_id, customer_id, client_id, wallet_beneficiary_id, route_code, wallet_beneficiary_label, amount_minor,
        fee_amount_minor, status, status_info, created_at, updated_at, submitted_at, due_at, currency, currency_scale, fee_currency, withdrawal_type, kyt_result)
       select v.*, 'USDT', 6, 'USDT', 1, 'PENDING' from (values ${values.join(', ')}) as v`,
      params,
    );
  }
  return ids;
}

async function seedBalance(c: pg.Client, f: Fixture, available: bigint, held: bigint): Promise<void> {
  await c.query(
    `insert into balances (customer_id, currency, client_id, currency_scale, available_minor, held_minor, last_sequence, updated_at)
     values ($1, 'USDT', $2, 6, $3, $4, 0, $5)
     on conflict (customer_id, currency) do update set available_minor = excluded.available_minor, held_minor = excluded.held_minor`,
    [f.customerId, f.clientId, available.toString(), held.toString(), new Date(0).toISOString()],
  );
}

/** Makes the `held` withdrawals due at their creation, as seedWithdrawals would have: the worker's start line. */
export function releaseWithdrawals(databaseUrl: string): Promise<number> {
  return withClient(databaseUrl, async (c) => {
    const r = await c.query(`update crypto_withdrawals set due_at = created_at where due_at = $1`, [HELD_DUE_AT]);
    return r.rowCount ?? 0;
  });
}
