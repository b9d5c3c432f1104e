// Seeds collection buyers with one ACTIVE collection wallet each (and the wallet's address, §15.2) into a
// service database for bench/checkouts.ts: the rows createCollectionBuyer and createCollectionWallet
// write (without their events), in one transaction. SQLite through prepared statements, PostgreSQL
// through one multi-row insert per table (unnest of arrays): seconds for 10,000, where a request or a
// repository call each would take most of the bench's budget.
import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import pg from 'pg';
import { normalizeAddressForComparison } from '../src/core/addresses/index.js';
import { collectionWalletAddress } from '../src/core/addresses/derive.js';
import type { Fixture } from './harness.js';

type Row = { buyerId: string; walletId: string; address: string; addressKey: string; externalRef: string };

/** Returns the wallets' addresses, in the order seeded. */
export async function seedCollectionWallets(f: Fixture, n: number): Promise<string[]> {
  const rows: Row[] = Array.from({ length: n }, (_, i) => {
    const walletId = randomUUID();
    const address = collectionWalletAddress('ETH', f.routeCode, walletId);
    return { buyerId: randomUUID(), walletId, address, addressKey: normalizeAddressForComparison('ETH', address), externalRef: `bench-${i}` };
  });
  const at = new Date().toISOString();
  if (f.databaseUrl) await seedPg(f, rows, at);
  else seedSqlite(f, rows, at);
  return rows.map((r) => r.address);
}

function seedSqlite(f: Fixture, rows: Row[], at: string): void {
  const db = new Database(f.file);
  try {
    const buyer = db.prepare(
      `insert into collection_buyers (buyer_id, customer_id, client_id, external_ref, type, name, email, country, status, created_at, updated_at)
       values (?, ?, ?, ?, 'INDIVIDUAL', 'Bench buyer', null, null, 'ACTIVE', ?, ?)`,
    );
    const wallet = db.prepare(
      `insert into collection_wallets (collection_wallet_id, customer_id, client_id, buyer_id, route_code, blockchain, currency, currency_scale, address, label, status,
         expires_at, deactivated_at, amount_received_minor, version, created_at, updated_at)
       values (?, ?, ?, ?, ?, 'ETH', 'USDT', 6, ?, null, 'ACTIVE', null, null, '0', 1, ?, ?)`,
    );
    const address = db.prepare(
      `insert into collection_addresses (target_id, target_type, client_id, route_code, blockchain, address, address_key, created_at)
       values (?, 'COLLECTION_WALLET', ?, ?, 'ETH', ?, ?, ?)`,
    );
    db.transaction(() => {
      for (const r of rows) {
        buyer.run(r.buyerId, f.customerId, f.clientId, r.externalRef, at, at);
        wallet.run(r.walletId, f.customerId, f.clientId, r.buyerId, f.routeCode, r.address, at, at);
        address.run(r.walletId, f.clientId, f.routeCode, r.address, r.addressKey, at);
      }
    })();
  } finally {
    db.close();
  }
}

async function seedPg(f: Fixture, rows: Row[], at: string): Promise<void> {
  const c = new pg.Client({ connectionString: f.databaseUrl });
  await c.connect();
  try {
    const col = <K extends keyof Row>(k: K) => rows.map((r) => r[k]);
    await c.query('begin');
    await c.query(
      `insert into collection_buyers (buyer_id, customer_id, client_id, external_ref, type, name, email, country, status, created_at, updated_at)
       select b, $2, $3, e, 'INDIVIDUAL', 'Bench buyer', null, null, 'ACTIVE', $4, $4 from unnest($1::text[], $5::text[]) as t(b, e)`,
      [col('buyerId'), f.customerId, f.clientId, at, col('externalRef')],
    );
    await c.query(
      `insert into collection_wallets (collection_wallet_id, customer_id, client_id, buyer_id, route_code, blockchain, currency, currency_scale, address, label, status,
         expires_at, deactivated_at, amount_received_minor, version, created_at, updated_at)
       select w, $4, $5, b, $6, 'ETH', 'USDT', 6, a, null, 'ACTIVE', null, null, '0', 1, $7, $7 from unnest($1::text[], $2::text[], $3::text[]) as t(w, b, a)`,
      [col('walletId'), col('buyerId'), col('address'), f.customerId, f.clientId, f.routeCode, at],
    );
    await c.query(
      `insert into collection_addresses (target_id, target_type, client_id, route_code, blockchain, address, address_key, created_at)
       select w, 'COLLECTION_WALLET', $4, $5, 'ETH', a, k, $6 from unnest($1::text[], $2::text[], $3::text[]) as t(w, a, k)`,
      [col('walletId'), col('address'), col('addressKey'), f.clientId, f.routeCode, at],
    );
    await c.query('commit');
  } catch (error) {
    await c.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await c.end();
  }
}
