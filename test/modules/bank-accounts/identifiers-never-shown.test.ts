// §14.5 R9: the full identifier (the IBAN, the account number) appears in no response, event, log line,
// audit entry, idempotency record or stored column but its sealed one, through creations on both
// surfaces, their replays, refusals (invalid, duplicate) and operator changes; the sealed column opens to
// the normalised identifier under the server's key and is bound to its account's id.
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openIdentifier } from '../../../src/modules/bank-accounts/index.js';
import { setBankAccountEnabled } from '../../../src/modules/bank-accounts/operators.js';
import { Banks } from '../../helpers/bank-accounts.js';
import { TestServer } from '../../helpers/harness.js';

// Identifiers of this test only, so that nothing else could have written them.
const IBAN = 'NL91ABNA0417164300';
const ACCOUNT = '40917356214';
const ROUTING = '011000015';
const NEEDLES = [IBAN, 'NL91 ABNA', '0417164300', ACCOUNT, `${ROUTING}:${ACCOUNT}`];

let server: TestServer;
const said: string[] = [];

beforeAll(async () => {
  server = new TestServer();
  server.logger = pino(
    { level: 'trace' },
    new Writable({
      write(chunk: Buffer, _enc, done) {
        said.push(chunk.toString());
        done();
      },
    }),
  );
  await server.start();
});
afterAll(() => server?.stop());

const TABLES = ['bank_accounts', 'events', 'audit_events', 'idempotency_records', 'webhook_deliveries'];

describe('R9: the full bank identifier is never shown', () => {
  it('answers, events, logs, audit and idempotency records hold no identifier; the sealed column opens to it', async () => {
    const b = await Banks.create(server);
    const answers: unknown[] = [];
    const keep = (r: { text: string }) => answers.push(r.text);
    const key = randomUUID();
    const iban = b.ibanInput({ iban: 'nl91 abna 0417 1643 00' });
    const created = await b.rest('POST', `/partner/v1/customers/${b.customerId}/fiat/bank-accounts`, iban, { idempotencyKey: key });
    expect(created.status, created.text).toBe(200);
    keep(created);
    keep(await b.rest('POST', `/partner/v1/customers/${b.customerId}/fiat/bank-accounts`, iban, { idempotencyKey: key }));
    const us = await b.createGql(b.usInput({ routingNumber: ROUTING, accountNumber: ACCOUNT }));
    keep(us);
    const usId = us.body.data.createBankAccount.bankAccountId as string;
    // Refusals: the duplicate, and invalid identifiers near the real ones.
    keep(await b.createRest(iban));
    keep(await b.createGql(b.usInput({ routingNumber: ROUTING, accountNumber: ACCOUNT })));
    keep(await b.createRest(b.ibanInput({ iban: `${IBAN}0` })));
    keep(await b.createRest(b.usInput({ routingNumber: '011000016', accountNumber: ACCOUNT })));
    keep(await b.get(created.body.bankAccountId));
    keep(await b.list());
    await server.operator((db) => setBankAccountEnabled(db, usId, false));
    await server.operator((db) => setBankAccountEnabled(db, usId, true));

    const stored = await Promise.all(TABLES.map(async (t) => JSON.stringify(await server.db.all(`SELECT * FROM ${t}`))));
    for (const needle of NEEDLES) {
      expect(JSON.stringify(answers), needle).not.toContain(needle);
      expect(said.join(''), needle).not.toContain(needle);
      stored.forEach((rows, i) => expect(rows, `${TABLES[i]}: ${needle}`).not.toContain(needle));
    }
    expect(said.length).toBeGreaterThan(0);

    const rows = await server.db.all<{ bank_account_id: string; identifier_sealed: string }>('SELECT bank_account_id, identifier_sealed FROM bank_accounts WHERE customer_id = ? ORDER BY created_at', b.customerId);
    const open = (r: (typeof rows)[number]) => openIdentifier(server.config.secretBox, { bankAccountId: r.bank_account_id, identifierSealed: r.identifier_sealed });
    expect(rows.map(open).sort()).toEqual([IBAN, `${ROUTING}:${ACCOUNT}`].sort());
    // Bound to its account: another account's sealed identifier does not open under this id.
    expect(() => openIdentifier(server.config.secretBox, { bankAccountId: rows[0]!.bank_account_id, identifierSealed: rows[1]!.identifier_sealed })).toThrow();
  });
});
