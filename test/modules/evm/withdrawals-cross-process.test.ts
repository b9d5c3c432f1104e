// test: PostgreSQL only — several processes on one PostgreSQL database
// §18 C7–C9 across processes: the test's server and a second one (`npm start`) on one PostgreSQL database
// and one hot wallet, both running the sender and both signing through one Web3Signer stand-in that takes
// its time over each request. Each process reads the counter's next nonce n, signs with it outside any
// transaction and stores the attempt only if it moves the counter from n by compare-and-set (§18.6); the
// loser of a race discards its signed bytes unsent and signs again. So 20 withdrawals submitted at once get
// 20 distinct, contiguous nonces, one attempt each, never more than EVM_MAX_INFLIGHT (16) not final, every
// transaction of the hot address on the chain is a stored attempt (nothing sent unstored, no halt), and each
// completes once with its ledger rows and events. Runs with `npm run test:pg`. The ledger's invariants
// L1–L3 and L5 hold for every customer at the end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Hex } from 'viem';
import { devnetKey } from '../../../src/config/evm.js';
import { startWeb3Signer, type FakeWeb3Signer } from '../../helpers/web3signer.js';
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

/** How long the stand-in holds each signing request: long enough for the two processes to race on a nonce. */
const SIGN_MS = 150;

let server: TestServer;
let other: Spawned;
let world: EvmWorld;
let signer: FakeWeb3Signer;
let firstBlock: number;

/** Both processes sign through the one stand-in (§18.6: the signer is a network call). */
const signerEnv = (): Record<string, string> => {
  const { EVM_SIGNER_KEY_FILE: _key, ...env } = evmEnv(devnet().url);
  return { ...env, EVM_SIGNER: 'web3signer', EVM_SIGNER_URL: signer.url, EVM_HOT_ADDRESS: HOT };
};

beforeAll(async () => {
  signer = await startWeb3Signer(devnetKey(0));
  signer.delayMs = SIGN_MS;
  firstBlock = await devnet().head();
  server = await startTestServer(signerEnv());
  world = await EvmWorld.create(server, devnet());
  other = await kit.startMain({
    DATABASE_URL: server.databaseUrl,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_RPS: '100000',
    RATE_LIMIT_BURST: '100000',
    WORKER_POLL_INTERVAL_MS: '10',
    ...signerEnv(),
  });
}, 90_000);

afterAll(async () => {
  if (other) await kit.stopMain(other);
  await server?.stop();
  await signer?.close();
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
    expect(attempts.map((a) => a.length), JSON.stringify(attempts.map((a) => a.map((x) => [x.nonce, x.max_fee_per_gas, x.first_sent_block])))).toEqual(ids.map(() => 1));
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
    // §18.6: nothing signed was sent unstored — every transaction of the hot address on the chain is a stored
    // attempt, and the rail never halted (a discarded signing sent would be FOREIGN_TRANSACTION).
    const stored = new Set(attempts.flat().map((a) => a.tx_hash.toLowerCase()));
    const head = await devnet().head();
    const fromHot: string[] = [];
    for (let n = firstBlock; n <= head; n++) {
      const block = await devnet().rpc<{ transactions: { hash: Hex; from: string }[] }>('eth_getBlockByNumber', [`0x${n.toString(16)}`, true]);
      for (const tx of block.transactions) if (tx.from.toLowerCase() === HOT.toLowerCase()) fromHot.push(tx.hash.toLowerCase());
    }
    expect(fromHot.sort()).toEqual([...stored].sort());
    expect(await server.db.get('SELECT reason FROM evm_halt')).toBeUndefined();
    // Both processes signed (the stand-in saw at least one signing per record); those beyond were discarded.
    expect(signer.signed.length).toBeGreaterThanOrEqual(WITHDRAWALS);
    expect(other.output()).not.toMatch(/"level":(50|60)/);
  }, 180_000);
});
