// §14.8 (and §14.5, §16.2 E4): the sender's full account identifier appears in no answer, event, log line,
// audit entry, idempotency record, webhook delivery or stored column; only `senderAccountLast4` (and, kept
// unshown, its §14.5 fingerprint, which the deny list matches) remain. Through simulations on both
// surfaces, their replays, refusals that carry the identifier (shape faults beside it, a field the input
// type lacks, an unknown account, a wrong rail), the step's credit and a deny-listed sender's return.
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { denyBank } from '../../../src/modules/bank-accounts/operators.js';
import { bankFingerprint } from '../../../src/modules/bank-accounts/index.js';
import { FiatParty } from '../../helpers/fiat-accounts.js';
import { FIAT_DEPOSIT_FIELDS, FIAT_DEPOSITS_LIST, readFiatDeposit, simulateFiatDepositGql, simulateFiatDepositRest } from '../../helpers/fiat-deposits.js';
import { TestServer } from '../../helpers/harness.js';

// Identifiers of this test only, so that nothing else could have written them.
const IBAN = 'NL91ABNA0417164300';
const IBAN_TYPED = 'nl91 abna 0417 1643 00';
const ACCOUNT = '40917356214';
const US = `011000015:${ACCOUNT}`;
const NEEDLES = [IBAN, IBAN_TYPED, 'NL91 ABNA', 'nl91abna', 'ABNA0417', '0417164300', 'ABNA 0417', ACCOUNT];

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

const TABLES = ['fiat_deposits', 'events', 'audit_events', 'idempotency_records', 'webhook_deliveries', 'ledger_transactions'];

describe('the sender’s identifier is never shown or kept', () => {
  it('answers, events, logs, audit, idempotency records and rows hold no identifier; the fingerprint is kept, unshown', async () => {
    const f = await FiatParty.create(server);
    const eur = (await f.account('EUR')).fiatAccountId;
    const usd = (await f.account('USD')).fiatAccountId;
    const client = f.s.client;
    const answers: string[] = [];
    const keep = (r: { text: string }) => answers.push(r.text);
    const input = { amountMinor: '1500', senderName: 'Charles Babbage', senderAccountIdentifier: IBAN_TYPED, paymentReference: 'Rent' };
    const key = randomUUID();
    const created = await simulateFiatDepositRest(server, client, eur, input, { idempotencyKey: key });
    expect(created.status, created.text).toBe(200);
    expect(created.body.senderAccountLast4).toBe('4300');
    keep(created);
    keep(await simulateFiatDepositRest(server, client, eur, input, { idempotencyKey: key }));
    const us = await simulateFiatDepositGql(server, client, usd, { ...input, senderAccountIdentifier: US });
    expect(us.status, us.text).toBe(200);
    keep(us);
    // Refusals with the identifier in the request.
    keep(await simulateFiatDepositRest(server, client, eur, { ...input, amountMinor: '0' }));
    keep(await simulateFiatDepositRest(server, client, eur, { ...input, senderAccountIdentifier: `${IBAN}-${ACCOUNT}` }));
    keep(await simulateFiatDepositRest(server, client, eur, { ...input, senderAccountIdentifier: `${IBAN}${ACCOUNT}${ACCOUNT}` }));
    keep(await simulateFiatDepositGql(server, client, eur, { ...input, senderIban: IBAN }));
    keep(await simulateFiatDepositRest(server, client, eur, { ...input, senderIban: IBAN }));
    keep(await simulateFiatDepositGql(server, client, eur, { ...input, rail: IBAN }));
    keep(await simulateFiatDepositRest(server, client, randomUUID(), input));
    keep(await simulateFiatDepositGql(server, client, eur, { ...input, rail: 'ACH' }));
    keep(await simulateFiatDepositRest(server, client, eur, { ...input, amountMinor: '5' }, { idempotencyKey: key }));
    // Written in the document, not as a variable.
    keep(
      await server.gql(
        client,
        `mutation { simulateFiatDeposit(fiatAccountId: "${eur}", input: { amountMinor: "1", senderName: "x", senderAccountIdentifier: "${IBAN}", senderIban: "${IBAN}" }) { ${FIAT_DEPOSIT_FIELDS} } }`,
      ),
    );
    // The step: the US one credited, then a deny-listed sender returned.
    await server.advanceWorker();
    await server.operator((db) => denyBank(db, server.config.secretBox, IBAN));
    const denied = await simulateFiatDepositGql(server, client, eur, input);
    keep(denied);
    await server.advanceWorker();
    keep({ text: JSON.stringify(await readFiatDeposit(server, client, denied.body.data.simulateFiatDeposit.fiatDepositId)) });
    expect(JSON.parse(answers.at(-1)!).status).toBe('RETURNED');
    keep(await server.gql(client, FIAT_DEPOSITS_LIST, { customerId: f.customerId }));
    keep(await server.gql(client, `query($c: UUID!) { events(customerId: $c, first: 100) { items { type data } } }`, { c: f.customerId }));

    const stored = await Promise.all(TABLES.map(async (t) => JSON.stringify(await server.db.all(`SELECT * FROM ${t}`))));
    for (const needle of NEEDLES) {
      expect(JSON.stringify(answers), needle).not.toContain(needle);
      expect(said.join(''), needle).not.toContain(needle);
      stored.forEach((rows, i) => expect(rows, `${TABLES[i]}: ${needle}`).not.toContain(needle));
    }
    expect(said.length).toBeGreaterThan(0);
    // What is kept: the last 4 and the fingerprint of the normalised identifier (§14.5), never answered.
    const rows = await server.db.all<{ sender_account_last4: string; sender_fingerprint: string }>(
      'SELECT sender_account_last4, sender_fingerprint FROM fiat_deposits WHERE customer_id = ? ORDER BY created_at',
      f.customerId,
    );
    const box = server.config.secretBox;
    expect(rows.map((r) => [r.sender_account_last4, r.sender_fingerprint])).toEqual([
      ['4300', bankFingerprint(box, IBAN)],
      ['6214', bankFingerprint(box, US)],
      ['4300', bankFingerprint(box, IBAN)],
    ]);
    for (const r of rows) expect(answers.join('')).not.toContain(r.sender_fingerprint);
  });
});
