// test: PostgreSQL only — two server processes and their workers on one database (slow: starts processes)
// Fiat withdrawals moved by two server processes' workers on one PostgreSQL database (§14.7, §16.4):
// drafts and submissions over one EUR balance arrive at both processes at once while both workers'
// review and bank steps come due for the same withdrawals — passed (COMPLETED), REJECTED at the review,
// RETURNED after SENT_TO_BANK (sandbox outcomes by bank account, §14.3). Each withdrawal's path happens
// exactly once: its ledger rows and events are its path's, none twice; a submission answered 200 held
// its funds, a refused one left nothing; the balance is the deposit less what was paid out; L1–L5.
// Runs with `npm run test:pg`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedgerInvariants } from '../../helpers/ledger-checks.js';
import { processKit, type Spawned } from '../../helpers/processes.js';
import { spawnedDatabase, type SpawnedDb } from '../../helpers/spawned-db.js';
import { checkWithdrawal, draftRequest, FEE, makeParty, PATHS, send, settled, submitRequest, type Party } from './process-party.js';

const kit = processKit({ tempPrefix: 'partner-fiatwd-xproc-' });
const PER_PATH = 16;
const AMOUNT = 1000n;
/** Room for 12 at once: a COMPLETED one keeps its funds, so at least 4 of the 16 bound to complete are refused. */
const FUNDS = 12n * (AMOUNT + FEE);

let spawned: SpawnedDb;
let servers: Spawned[] = [];
let party: Party;

beforeAll(async () => {
  spawned = await spawnedDatabase(kit.tempDir(), 'fwxproc', '0');
  const env = { DATABASE_URL: spawned.url, LOG_LEVEL: 'warn', SANDBOX_STEP_DELAY_MS: '20', WORKER_POLL_INTERVAL_MS: '10', RATE_LIMIT_RPS: '100000', RATE_LIMIT_BURST: '100000' };
  servers = await Promise.all([kit.startMain(env), kit.startMain(env)]);
  party = await makeParty(servers[0]!.url, spawned.url, spawned.client, FUNDS);
}, 120_000);

afterAll(async () => {
  for (const s of servers) await kit.stopMain(s);
  await spawned?.close();
});

describe('fiat withdrawals across two processes (§16.4)', () => {
  it('drafts and submissions on both processes while both workers move them: each path exactly once, balance exact, L1–L5', async () => {
    const client = spawned.client;
    const paths = Array.from({ length: PER_PATH * PATHS.length }, (_, i) => PATHS[i % PATHS.length]!.path);
    // Each withdrawal drafted on one process and submitted on the other, all at once.
    const runs = await Promise.all(
      paths.map(async (path, i) => {
        const d = draftRequest(party, path, AMOUNT);
        const draft = await send(servers[i % 2]!.url, client, 'POST', d.path, d.key, d.body);
        expect(draft.status, draft.text).toBe(200);
        const id = draft.body.fiatWithdrawalId as string;
        const sub = submitRequest(id);
        const a = await send(servers[(i + 1) % 2]!.url, client, 'POST', sub.path, sub.key, sub.body);
        if (a.status !== 200) expect([id, a.status, a.body.code]).toEqual([id, 409, 'INSUFFICIENT_FUNDS']);
        return { id, path, accepted: a.status === 200 };
      }),
    );
    await settled(spawned.db, party.customerId);

    let paidOut = 0n;
    const byStatus = new Map<string, number>();
    for (const r of runs) {
      const c = await checkWithdrawal(spawned.db, r.id, AMOUNT, r.path);
      byStatus.set(c.status, (byStatus.get(c.status) ?? 0) + 1);
      expect([r.id, c.status === 'APPROVED']).toEqual([r.id, !r.accepted]);
      paidOut += c.paidOut;
    }
    const summary = JSON.stringify([...byStatus]);
    for (const st of ['COMPLETED', 'REJECTED', 'RETURNED', 'APPROVED']) expect(byStatus.get(st) ?? 0, summary).toBeGreaterThan(0);
    const b = await spawned.db.get<{ available_minor: string; held_minor: string }>(`SELECT available_minor, held_minor FROM balances WHERE customer_id = ? AND currency = 'EUR'`, party.customerId);
    expect([b?.available_minor, b?.held_minor]).toEqual([(FUNDS - paidOut).toString(), '0']);
    await checkLedgerInvariants({ db: spawned.db }, party.customerId);
  }, 180_000);
});
