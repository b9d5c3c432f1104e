// test: PostgreSQL only — several processes on one PostgreSQL database
// §16.4 races between two server processes on one PostgreSQL database: two drafts on one quote make
// exactly one conversion (uq_conversion_quote, the loser answers 409 QUOTE_ALREADY_USED); two drafts with
// one clientReference make one (uq_conversion_client_reference, 409 DUPLICATE_CLIENT_REFERENCE); two drafts
// that together exceed the funds succeed exactly as far as they go (L1). Runs with `npm run test:pg`.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPair, setRate } from '../../../src/modules/conversion/operators.js';
import { createClient, createRoute } from '../../../src/cli/operators.js';
import { SecretBox } from '../../../src/core/secret-box.js';
import { verificationDecide } from '../../../src/modules/customers/operators.js';
import { openEngine } from '../../../src/db/engine.js';
import { evidenceFor } from '../../helpers/harness.js';
import { checkLedgerInvariants } from '../../helpers/ledger-checks.js';
import { createPgSchema, type PgSchema } from '../../helpers/pg.js';
import { PgTestDb } from '../../helpers/pg-test-db.js';
import { processKit, type Spawned, signedSend } from '../../helpers/processes.js';

const kit = processKit({ tempPrefix: 'partner-conversion-xproc-' });
const ROUNDS = 8;
const routeCode = 'USDT-ETH';

let schema: PgSchema;
let db: PgTestDb;
let servers: Spawned[] = [];
let client: { clientId: string; secret: string };

beforeAll(async () => {
  schema = await createPgSchema('cxproc');
  db = new PgTestDb(schema.url, schema.schema);
  const engine = await openEngine({ kind: 'pg', url: schema.url }, { poolSize: 1 });
  try {
    client = await createClient(engine, SecretBox.development(), { name: 'Two processes' });
    await createRoute(engine, { code: routeCode, clientId: client.clientId, blockchain: 'ETH', currency: 'USDT', scale: 6, minMinor: '1', maxMinor: '1000000000000', feeMinor: '0' });
    await createPair(engine, { clientId: client.clientId, source: 'USDT', target: 'EUR', spreadBps: '50' });
    await setRate(engine, { base: 'USDT', quote: 'EUR', rate: '0.92' });
  } finally {
    await engine.close();
  }
  const env = { DATABASE_URL: schema.url, LOG_LEVEL: 'warn', RATE_LIMIT_RPS: '100000', RATE_LIMIT_BURST: '100000' };
  servers = await Promise.all([kit.startMain(env), kit.startMain(env)]);
}, 60_000);

afterAll(async () => {
  for (const s of servers) await kit.stopMain(s);
  await db?.close();
  await schema?.drop();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const send = (server: Spawned, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> => signedSend(server, client, method, path, body);

async function newCustomer(): Promise<string> {
  const r = await send(servers[1]!, 'POST', '/graphql', {
    query: 'mutation($i: CreateCustomerInput!) { createCustomer(input: $i) { customerId } }',
    variables: { i: { externalRef: `x-${randomUUID()}`, type: 'INDIVIDUAL', displayName: 'Ada Lovelace' } },
  });
  expect(r.status).toBe(200);
  const customerId = r.body.data.createCustomer.customerId as string;
  // §12.4: conversions need a VERIFIED customer; an operator decides, as partnerctl would.
  const engine = await openEngine({ kind: 'pg', url: schema.url }, { poolSize: 1, migrate: false });
  try {
    await verificationDecide(engine, customerId, 'VERIFIED', undefined);
  } finally {
    await engine.close();
  }
  return customerId;
}

async function deposit(customerId: string, amountMinor: string): Promise<void> {
  const r = await send(servers[0]!, 'POST', '/graphql', {
    query: 'mutation($c: UUID!, $i: SimulateCryptoDepositInput!) { simulateCryptoDeposit(customerId: $c, input: $i) { depositId status } }',
    variables: { c: customerId, i: { routeCode, amountMinor, fromAddress: `0x${randomBytes(20).toString('hex')}` } },
  });
  expect(r.status).toBe(200);
  expect(r.body.data.simulateCryptoDeposit.status).toBe('COMPLETED');
}

async function quote(server: Spawned, customerId: string, sourceAmountMinor: string): Promise<string> {
  const r = await send(server, 'POST', `/partner/v1/customers/${customerId}/conversion-quotes`, { sourceCurrency: 'USDT', targetCurrency: 'EUR', sourceAmountMinor });
  expect(r.status).toBe(200);
  return r.body.quoteId;
}

/** A draft with its own evidence (authorizedAt apart by `nth` ms, so two racing drafts never share one). */
function draft(server: Spawned, customerId: string, input: Record<string, unknown>, nth: number) {
  const body: Record<string, unknown> = { ...input };
  body.operationAuthorization = evidenceFor('CONVERSION_CREATE', { customerId }, body, { authorizedAt: new Date(Date.now() - nth) });
  return send(server, 'POST', `/partner/v1/customers/${customerId}/conversions`, body);
}

describe('§16.4 conversion races across two server processes', () => {
  it('two drafts on one quote: exactly one conversion, the other 409 QUOTE_ALREADY_USED', async () => {
    const customerId = await newCustomer();
    await deposit(customerId, '100000000');
    for (let i = 0; i < ROUNDS; i++) {
      const quoteId = await quote(servers[i % 2]!, customerId, '1000000');
      const answers = await Promise.all([draft(servers[0]!, customerId, { quoteId }, 0), draft(servers[1]!, customerId, { quoteId }, 1)]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.status === 409)!.body.code).toBe('QUOTE_ALREADY_USED');
      expect(await db.count('SELECT count(*) AS n FROM conversions WHERE quote_id = ?', quoteId)).toBe(1);
    }
    expect(await db.count('SELECT count(*) AS n FROM conversions WHERE customer_id = ?', customerId)).toBe(ROUNDS);
    expect(await db.count(`SELECT count(*) AS n FROM ledger_transactions WHERE customer_id = ? AND resource_type = 'CONVERSION'`, customerId)).toBe(2 * ROUNDS);
    await checkLedgerInvariants({ db }, customerId);
  });

  it('two drafts with one clientReference: one conversion, the other 409 DUPLICATE_CLIENT_REFERENCE', async () => {
    const customerId = await newCustomer();
    await deposit(customerId, '100000000');
    for (let i = 0; i < ROUNDS; i++) {
      const [a, b] = [await quote(servers[0]!, customerId, '1000000'), await quote(servers[1]!, customerId, '1000000')];
      const clientReference = `race-${i}`;
      const answers = await Promise.all([draft(servers[0]!, customerId, { quoteId: a, clientReference }, 0), draft(servers[1]!, customerId, { quoteId: b, clientReference }, 1)]);
      expect(answers.map((x) => x.status).sort()).toEqual([200, 409]);
      expect(answers.find((x) => x.status === 409)!.body.code).toBe('DUPLICATE_CLIENT_REFERENCE');
      expect(await db.count('SELECT count(*) AS n FROM conversions WHERE customer_id = ? AND client_reference = ?', customerId, clientReference)).toBe(1);
    }
    await checkLedgerInvariants({ db }, customerId);
  });

  it('two drafts that together exceed the funds: exactly one succeeds, the other 409 INSUFFICIENT_FUNDS; never negative', async () => {
    for (let i = 0; i < ROUNDS / 2; i++) {
      const customerId = await newCustomer();
      await deposit(customerId, '1500000');
      const [a, b] = [await quote(servers[0]!, customerId, '1000000'), await quote(servers[1]!, customerId, '1000000')];
      const answers = await Promise.all([draft(servers[0]!, customerId, { quoteId: a }, 0), draft(servers[1]!, customerId, { quoteId: b }, 1)]);
      expect(answers.map((x) => x.status).sort()).toEqual([200, 409]);
      expect(answers.find((x) => x.status === 409)!.body.code).toBe('INSUFFICIENT_FUNDS');
      const balance = await db.get<{ available_minor: string }>(`SELECT available_minor FROM balances WHERE customer_id = ? AND currency = 'USDT'`, customerId);
      expect(balance?.available_minor).toBe('500000');
      await checkLedgerInvariants({ db }, customerId);
    }
  });
});
