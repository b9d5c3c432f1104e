// §10.1 invariants the database itself enforces, whatever the code does: L1 (no negative balance, a
// CHECK) and L4 / E7 (ledger rows, postings and events are never updated or deleted, triggers). The
// other invariants are checked after every step of the model test (test/lifecycle-model.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Scenario, startTestServer, type TestServer } from '../../helpers/harness.js';
import { checkLedgerInvariants } from '../../helpers/ledger-checks.js';

let server: TestServer;
let customerId: string;
beforeAll(async () => {
  server = await startTestServer();
  const s = await Scenario.create(server);
  customerId = await s.customer();
  await s.deposit(customerId, '5000000');
});
afterAll(() => server.stop());

describe('§10.1 enforced by the database', () => {
  it('L1: a balance cannot go negative (CHECK), available or held', async () => {
    await expect(server.db.run(`UPDATE balances SET available_minor = '-1' WHERE customer_id = ?`, customerId)).rejects.toThrow(/CHECK|check constraint/i);
    await expect(server.db.run(`UPDATE balances SET held_minor = '-5' WHERE customer_id = ?`, customerId)).rejects.toThrow(/CHECK|check constraint/i);
    expect(await server.db.get(`SELECT available_minor AS a, held_minor AS h FROM balances WHERE customer_id = ?`, customerId)).toEqual({ a: '5000000', h: '0' });
  });

  it.each(['ledger_transactions', 'ledger_postings', 'events'])('L4 / E7: %s rows are never updated or deleted', async (table) => {
    const before = await server.db.count(`SELECT COUNT(*) AS n FROM ${table}`);
    expect(before).toBeGreaterThan(0);
    await expect(server.db.run(`DELETE FROM ${table}`)).rejects.toThrow(/append-only/);
    const column = table === 'ledger_postings' ? 'account' : 'created_at';
    await expect(server.db.run(`UPDATE ${table} SET ${column} = ${column}`)).rejects.toThrow(/append-only/);
    expect(await server.db.count(`SELECT COUNT(*) AS n FROM ${table}`)).toBe(before);
  });

  it('L2, L3, L5 hold after the deposit', async () => {
    await checkLedgerInvariants(server, customerId);
  });
});
