// §18 C7–C9 across processes: the test's server and a second one (`npm start`) on one PostgreSQL database
// and one hot wallet, both running the sender. The record's nonce is taken from the locked counter in the
// transaction that stores its attempt, and the capacity is checked again under that lock, so 20
// withdrawals submitted at once get 20 distinct, contiguous nonces, one attempt each, never more than
// EVM_MAX_INFLIGHT (16) not final, and each completes once with its ledger rows and events. Runs with
// `npm run test:pg`. The ledger's invariants L1–L3 and L5 hold for every customer at the end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDevnet } from '../../helpers/anvil.js';
import { randomEthAddress, startTestServer, type TestServer } from '../../helpers/harness.js';
import { checkLedgerInvariants } from '../../helpers/ledger-checks.js';
import { processKit, type Spawned } from '../../helpers/processes.js';
import { COMPLETED_WITHDRAWAL_EVENTS, eventsOf, ledgerOf } from '../../helpers/withdrawals.js';
import { attemptsOf, evmEnv, EvmWorld, HOT, tokenBalance, waitFor, type AttemptRow } from './chain-transfers.js';

const kit = processKit({ tempPrefix: 'partner-evm-wd-xproc-' });
const devnet = useDevnet();
const WITHDRAWALS = 20;
/** EVM_MAX_INFLIGHT's default. */
const INFLIGHT = 16;

let server: TestServer;
let other: Spawned;
let world: EvmWorld;

beforeAll(async () => {
  server = await startTestServer(evmEnv(devnet().url));
  world = await EvmWorld.create(server, devnet());
  other = await kit.startMain({
    DATABASE_URL: server.databaseUrl,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_RPS: '100000',
    RATE_LIMIT_BURST: '100000',
    WORKER_POLL_INTERVAL_MS: '10',
    ...evmEnv(devnet().url),
  });
}, 90_000);

afterAll(async () => {
  if (other) await kit.stopMain(other);
  await server?.stop();
});

describe('§18 C9 two senders on one database and one hot wallet', () => {
  it(`${WITHDRAWALS} withdrawals at once: contiguous nonces, one attempt each, each COMPLETED once with its rows`, async () => {
    const dests = Array.from({ length: WITHDRAWALS }, () => randomEthAddress());
    const wds = await Promise.all(dests.map((d) => world.customer('token', d)));
    const hotBefore = await tokenBalance(devnet(), HOT);
    const ids = await Promise.all(wds.map((wd, i) => world.withdraw(wd, 'token', String(100_000 + i))));

    const attemptsNow = () => Promise.all(ids.map((id) => attemptsOf(server, id)));
    const statuses = () =>
      server.db.all<{ status: string; status_info: string }>(`SELECT status, status_info FROM crypto_withdrawals WHERE withdrawal_id IN (${ids.map(() => '?').join(',')})`, ...ids);
    // Nothing is mined yet: 16 signed and sent, the other 4 wait for capacity.
    await waitFor(
      async () => ({ sent: (await attemptsNow()).filter((a) => a.length > 0 && a.every((x) => x.first_sent_block !== null)).length, waiting: (await statuses()).filter((r) => r.status_info === 'Waiting for hot wallet capacity').length }),
      (n) => n.sent === INFLIGHT && n.waiting === WITHDRAWALS - INFLIGHT,
      `${INFLIGHT} sent, the rest waiting`,
      60_000,
    );
    expect((await attemptsNow()).flat()).toHaveLength(INFLIGHT);

    // Blocks until every one is final: the waiting ones are signed as room frees.
    const end = Date.now() + 90_000;
    let rows = await statuses();
    while (!rows.every((r) => r.status === 'COMPLETED')) {
      if (Date.now() > end) throw new Error(`not all COMPLETED: ${JSON.stringify(rows)}`);
      await devnet().mine(1);
      await new Promise((r) => setTimeout(r, 250));
      rows = await statuses();
    }
    const attempts: AttemptRow[][] = await attemptsNow();
    expect(attempts.map((a) => a.length)).toEqual(ids.map(() => 1));
    const nonces = attempts.map((a) => a[0]!.nonce).sort((x, y) => x - y);
    expect(new Set(nonces).size).toBe(WITHDRAWALS);
    expect(nonces.at(-1)! - nonces[0]!).toBe(WITHDRAWALS - 1);
    const counter = await server.db.get<{ next_nonce: number | string }>('SELECT next_nonce FROM evm_nonces WHERE address = ?', HOT);
    expect(Number(counter!.next_nonce)).toBe(nonces.at(-1)! + 1);
    let waited = 0;
    for (const [i, id] of ids.entries()) {
      const amount = 100_000 + i;
      expect(await tokenBalance(devnet(), dests[i]!)).toBe(BigInt(amount));
      expect(await ledgerOf(server, id)).toEqual([
        ['HOLD', String(amount + 2500)],
        ['WITHDRAWAL', String(amount)],
        ['WITHDRAWAL_FEE', '2500'],
      ]);
      // A record that waited for capacity has one `updated` (its statusInfo) between screening and broadcasting.
      const types = (await eventsOf(server, id)).map((e) => e.type);
      waited += types.filter((t) => t === 'crypto_withdrawal.updated').length;
      expect(types.filter((t) => t !== 'crypto_withdrawal.updated')).toEqual(COMPLETED_WITHDRAWAL_EVENTS);
      expect(types.slice(0, 3).concat(types.slice(types.indexOf('crypto_withdrawal.broadcasting')))).toEqual(types.filter((t) => t !== 'crypto_withdrawal.updated'));
      expect(types.filter((t) => t === 'crypto_withdrawal.updated').length).toBeLessThanOrEqual(1);
    }
    expect(waited).toBeGreaterThanOrEqual(WITHDRAWALS - INFLIGHT);
    // §10.1 L1–L3 (and L5) for every customer: nothing held any more, every row chained.
    for (const wd of wds) await checkLedgerInvariants(server, wd.customerId);
    const sum = ids.reduce((s, _id, i) => s + BigInt(100_000 + i), 0n);
    expect(hotBefore - (await tokenBalance(devnet(), HOT))).toBe(sum);
    expect(other.output()).not.toMatch(/"level":(50|60)/);
  }, 180_000);
});
