// test: slow — a server process moving fiat withdrawals while submissions race, SIGKILLed again and again
// Crash safety of fiat withdrawals (§14.7, §14.9, §16.4, §10.1 L4): the real server (a separate process)
// is killed with SIGKILL again and again while drafts and submissions over one EUR balance arrive and its
// worker moves the withdrawals along their paths — passed (COMPLETED), REJECTED at the review, RETURNED
// after SENT_TO_BANK (sandbox outcomes by bank account, §14.3). A request whose answer was cut off is sent
// again with the same key and body. The balance pays for fewer withdrawals than are sent, so some
// submissions are refused (409 INSUFFICIENT_FUNDS). Afterwards, once a last start has let the worker
// finish, every withdrawal has exactly its path's ledger rows and events, a submission answered 200 held
// its funds, a refused one left nothing, the balance is the deposit less what was paid out, and L1–L5
// hold. On both engines.
import { describe, expect, it } from 'vitest';
import { sleep } from '../../helpers/harness.js';
import { checkLedgerInvariants } from '../../helpers/ledger-checks.js';
import { MODE_VARS, processKit, type Spawned } from '../../helpers/processes.js';
import { spawnedDatabase } from '../../helpers/spawned-db.js';
import { checkWithdrawal, draftRequest, FEE, makeParty, moving, PATHS, send, settled, submitRequest, type PathName } from './process-party.js';

const KILLS = 6;
const PER_PATH = 12;
const AMOUNT = 1000n;
/**
 * Room for 10 at once: a REJECTED or RETURNED one gives its funds back, a COMPLETED one keeps them, so at
 * least 2 of the 12 bound to complete are refused (and others while the balance is held).
 */
const FUNDS = 10n * (AMOUNT + FEE);

const { tempDir, startMain, stopMain } = processKit({ tempPrefix: 'partner-fiatwd-crash-', unset: [...MODE_VARS, 'PARTNER_SECRET_KEY'] });

type Req = { path: string; key: string; body: unknown };
type Item = { path: PathName; draft: Req; id?: string; submit?: Req; submitted?: 200 | 409 };

describe('fiat withdrawals under SIGKILL', () => {
  it(`${KILLS} SIGKILLs while submissions race and the worker moves withdrawals: each has exactly its path's rows and events, L1–L5`, async () => {
    const spawned = await spawnedDatabase(tempDir(), 'fwcrash', '0');
    const { db, client } = spawned;
    try {
      const start = () =>
        startMain({ DATABASE_URL: spawned.url, LOG_LEVEL: 'warn', SANDBOX_STEP_DELAY_MS: '40', WORKER_POLL_INTERVAL_MS: '10', RATE_LIMIT_RPS: '1000000', RATE_LIMIT_BURST: '1000000' });

      let party: Awaited<ReturnType<typeof makeParty>>;
      {
        const s = await start();
        try {
          party = await makeParty(s.url, spawned.url, client, FUNDS);
        } finally {
          await stopMain(s, 'SIGKILL');
        }
      }
      const items: Item[] = Array.from({ length: PER_PATH * PATHS.length }, (_, i) => {
        const path = PATHS[i % PATHS.length]!.path;
        return { path, draft: draftRequest(party, path, AMOUNT) };
      });

      // One item's requests as far as they get: the draft, then its submission (200, or 409 INSUFFICIENT_FUNDS).
      const advance = async (s: Spawned, it: Item) => {
        if (it.id === undefined) {
          const a = await send(s.url, client, 'POST', it.draft.path, it.draft.key, it.draft.body);
          if (a.status !== 200) throw new Error(`unexpected draft answer ${a.status} ${a.text}`);
          it.id = a.body.fiatWithdrawalId as string;
          it.submit = submitRequest(it.id);
        }
        const a = await send(s.url, client, 'POST', it.submit!.path, it.submit!.key, it.submit!.body);
        if (a.status === 200 && a.body.status === 'SUBMITTED') it.submitted = 200;
        else if (a.status === 409 && a.body.code === 'INSUFFICIENT_FUNDS') it.submitted = 409;
        else throw new Error(`unexpected submission answer ${a.status} ${a.text}`);
      };
      const open = () => items.filter((x) => x.submitted === undefined);

      let killedMidway = 0;
      let killedWhileMoving = 0;
      for (let round = 0; round < KILLS; round++) {
        const s = await start();
        const pending = open().slice(0, 10);
        const inFlight = pending.map((x) => advance(s, x).catch((e: Error) => (e.message.startsWith('unexpected') ? Promise.reject(e) : undefined)));
        await sleep(50 + Math.floor(Math.random() * 400));
        await stopMain(s, 'SIGKILL');
        await Promise.all(inFlight);
        if (pending.some((x) => x.submitted === undefined)) killedMidway += 1;
        if ((await moving(db, party.customerId)) > 0) killedWhileMoving += 1;
      }

      // A last start: the rest answered, then the worker takes every withdrawal to the end of its path.
      const s = await start();
      try {
        for (const x of open()) await advance(s, x);
        await settled(db, party.customerId);
      } finally {
        await stopMain(s, 'SIGTERM');
      }

      // Every draft exists once (a resend with its key was a replay or the first run).
      expect(await db.count(`SELECT COUNT(*) AS n FROM fiat_withdrawals WHERE customer_id = ?`, party.customerId)).toBe(items.length);
      let paidOut = 0n;
      const byStatus = new Map<string, number>();
      for (const x of items) {
        const r = await checkWithdrawal(db, x.id!, AMOUNT, x.path);
        byStatus.set(r.status, (byStatus.get(r.status) ?? 0) + 1);
        // Answered 200: its HOLD committed (it left APPROVED); refused: nothing written.
        expect([x.id, x.submitted, r.status === 'APPROVED']).toEqual([x.id, x.submitted, x.submitted === 409]);
        paidOut += r.paidOut;
      }
      const summary = `cut off ${killedMidway}, moving ${killedWhileMoving}, ${JSON.stringify([...byStatus])}`;
      // Every path ran, and the balance ran out for some.
      for (const st of ['COMPLETED', 'REJECTED', 'RETURNED', 'APPROVED']) expect(byStatus.get(st) ?? 0, summary).toBeGreaterThan(0);
      // The kills hit work in progress (which kind depends on the machine's speed).
      expect(killedMidway + killedWhileMoving, summary).toBeGreaterThan(0);
      const b = await db.get<{ available_minor: string; held_minor: string }>(`SELECT available_minor, held_minor FROM balances WHERE customer_id = ? AND currency = 'EUR'`, party.customerId);
      expect([b?.available_minor, b?.held_minor]).toEqual([(FUNDS - paidOut).toString(), '0']);
      await checkLedgerInvariants({ db }, party.customerId);
    } finally {
      await spawned.close();
    }
  }, 300_000);
});
