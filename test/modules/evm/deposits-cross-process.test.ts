// test: PostgreSQL only — several processes on one PostgreSQL database
// §18 C6 across processes: two servers (`npm start`) on one PostgreSQL database follow the same devnet;
// the follower's position is a compare-and-set and uq_evm_deposit_tx the last guard, so each transfer
// makes one deposit, one event per change and one DEPOSIT row. Runs with `npm run test:pg`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createRoute } from '../../../src/cli/operators.js';
import { SecretBox } from '../../../src/core/secret-box.js';
import { openEngine } from '../../../src/db/engine.js';
import { DepositAddresses } from '../../../src/modules/evm/index.js';
import { DEVNET_DEPOSIT_XPUB } from '../../../src/config/evm.js';
import { evmReach, useDevnet } from '../../helpers/anvil.js';
import { evmEnv, payToken, waitFor } from '../../helpers/evm-deposits.js';
import { createPgSchema, type PgSchema } from '../../helpers/pg.js';
import { PgTestDb } from '../../helpers/pg-test-db.js';
import { processKit, signedSend, type Spawned } from '../../helpers/processes.js';
import type { Hex } from 'viem';

const kit = processKit({ tempPrefix: 'partner-evm-xproc-' });
const devnet = useDevnet();
const CUSTOMERS = 6;

let schema: PgSchema;
let db: PgTestDb;
let servers: Spawned[] = [];
let client: { clientId: string; secret: string };
const routeCode = 'USDT-EVM-XPROC';

beforeAll(async () => {
  schema = await createPgSchema('evmxproc');
  db = new PgTestDb(schema.url, schema.schema);
  const engine = await openEngine({ kind: 'pg', url: schema.url }, { poolSize: 1 });
  try {
    client = await createClient(engine, SecretBox.development(), { name: 'Two followers' });
    await createRoute(engine, {
      code: routeCode,
      clientId: client.clientId,
      blockchain: 'ETH',
      currency: 'USDT',
      scale: 6,
      minMinor: '1',
      maxMinor: '1000000000000',
      feeMinor: '0',
      rail: 'EVM',
      tokenContract: devnet().token,
    }, evmReach(devnet().url));
  } finally {
    await engine.close();
  }
  await db.run(`UPDATE routes SET token_decimals = 6 WHERE route_code = ? AND token_decimals IS NULL`, routeCode);
  const env = { DATABASE_URL: schema.url, LOG_LEVEL: 'warn', RATE_LIMIT_RPS: '100000', RATE_LIMIT_BURST: '100000', WORKER_POLL_INTERVAL_MS: '10', ...evmEnv(devnet().url) };
  servers = await Promise.all([kit.startMain(env), kit.startMain(env)]);
}, 90_000);

afterAll(async () => {
  for (const s of servers) await kit.stopMain(s);
  await db?.close();
  await schema?.drop();
});

describe('§18 C6 two followers on one database', () => {
  it('each transfer is one deposit, CONFIRMING then COMPLETED once, with one DEPOSIT row', async () => {
    const addresses = new DepositAddresses(DEVNET_DEPOSIT_XPUB);
    const customers: { customerId: string; address: Hex }[] = [];
    for (let i = 0; i < CUSTOMERS; i++) {
      const r = await signedSend(servers[i % 2]!, client, 'POST', '/partner/v1/customers', { externalRef: `x-${i}`, type: 'INDIVIDUAL', displayName: 'Ada Lovelace' });
      expect(r.status).toBe(200);
      const customerId = r.body.customerId as string;
      const address = addresses.at(500 + i) as Hex;
      await db.run(
        `INSERT INTO evm_addresses (customer_id, address_index, address, address_key, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
        customerId,
        500 + i,
        address,
        address.toLowerCase(),
        new Date().toISOString(),
      );
      const row = await db.get<{ address: Hex }>(`SELECT address FROM evm_addresses WHERE customer_id = ?`, customerId);
      customers.push({ customerId, address: row!.address });
    }
    // Two transfers per block, in three blocks, then finality.
    for (let b = 0; b < 3; b++) {
      await payToken(devnet(), customers[2 * b]!.address, 1_000_000n + BigInt(b));
      await payToken(devnet(), customers[2 * b + 1]!.address, 2_000_000n + BigInt(b));
      await devnet().mine();
    }
    await devnet().mine(3);
    const rows = await waitFor(
      () => db.all<{ deposit_id: string; customer_id: string; status: string }>(`SELECT deposit_id, customer_id, status FROM crypto_deposits`),
      (r) => r.length === CUSTOMERS && r.every((d) => d.status === 'COMPLETED'),
      'all deposits COMPLETED',
      60_000,
    );
    expect(new Set(rows.map((r) => r.customer_id)).size).toBe(CUSTOMERS);
    for (const d of rows) {
      const events = await db.all<{ type: string }>(`SELECT type FROM events WHERE resource_id = ? ORDER BY sequence`, d.deposit_id);
      expect(events.map((e) => e.type)).toEqual(['crypto_deposit.confirming', 'crypto_deposit.completed']);
      expect(await db.count(`SELECT COUNT(*) AS n FROM ledger_transactions WHERE resource_id = ? AND type = 'DEPOSIT'`, d.deposit_id)).toBe(1);
    }
  }, 120_000);
});
