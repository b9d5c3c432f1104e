// §18 C7–C10 with §10.1 L1–L5, model-based: random sequences of withdrawals (the devnet token or native
// ETH, random amounts), mined blocks, transactions dropped from the node's pool and one-block
// reorganisations, against the real server and the file's devnet. While it runs no record ever moves
// back or fails; once the chain settles every withdrawal is COMPLETED exactly once — its destination paid
// exactly its units, its ledger rows and events those of the model, one nonce of its own, the nonces of all
// of them contiguous — and the ledger's invariants hold for every customer.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDevnet } from '../../helpers/anvil.js';
import { randomEthAddress, startTestServer, type TestServer } from '../../helpers/harness.js';
import { checkLedgerInvariants } from '../../helpers/ledger-checks.js';
import { COMPLETED_WITHDRAWAL_EVENTS, eventsOf, ledgerOf, type Wd } from '../../helpers/withdrawals.js';
import { attemptsOf, ethBalance, evmEnv, EvmWorld, HOT, inPool, stateOf, tokenBalance } from './chain-transfers.js';

const devnet = useDevnet();
let server: TestServer;
let world: EvmWorld;
/** The head once the devnet is set up: a reorganisation never replaces a block at or below it (the token's). */
let floor: number;

beforeAll(async () => {
  server = await startTestServer(evmEnv(devnet().url));
  world = await EvmWorld.create(server, devnet());
  floor = await devnet().head();
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

type On = 'token' | 'eth';
type Act = { kind: 'withdraw'; on: On; amount: number } | { kind: 'mine'; n: number } | { kind: 'drop' } | { kind: 'reorg' };
/** The model's record: what the withdrawal must end as. */
type Rec = { id: string; wd: Wd; on: On; dest: string; amount: bigint };

/** The routes' fees and units per minor unit (EvmWorld: token scale 6 of 6 decimals, at least 100; ETH scale 9 of 18). */
const FEE: Record<On, bigint> = { token: 2500n, eth: 1000n };
const UNIT: Record<On, bigint> = { token: 1n, eth: 10n ** 9n };
const ORDER = ['SUBMITTED', 'SCREENING', 'BROADCASTING', 'CONFIRMING', 'COMPLETED'];

const act: fc.Arbitrary<Act> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('withdraw' as const), on: fc.constantFrom<On>('token', 'eth'), amount: fc.integer({ min: 100, max: 5_000_000 }) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('mine' as const), n: fc.integer({ min: 1, max: 2 }) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'drop' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'reorg' as const }) },
);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('§18 withdrawals on the chain, model-based', () => {
  it('random withdrawals, blocks, drops and reorganisations: each COMPLETED once, paid once, its rows; nonces contiguous; L1–L5', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(act, { minLength: 3, maxLength: 8 }), async (acts) => {
        const recs: Rec[] = [];
        const seen = new Map<string, number>();
        const hotToken = await tokenBalance(devnet(), HOT);
        const firstNonce = Number((await server.db.get<{ next_nonce: number | string }>('SELECT next_nonce FROM evm_nonces WHERE address = ?', HOT))?.next_nonce ?? 0);

        /** No record moves back or leaves the way to COMPLETED. */
        const checkForward = async () => {
          for (const r of recs) {
            const status = (await stateOf(server, 'withdrawal', r.id))!.status;
            const at = ORDER.indexOf(status);
            expect(at, `${r.id} ${status}`).toBeGreaterThanOrEqual(seen.get(r.id) ?? 0);
            seen.set(r.id, at);
          }
        };

        for (const a of acts) {
          if (a.kind === 'withdraw') {
            const dest = randomEthAddress();
            const wd = await world.customer(a.on, dest);
            const id = await world.withdraw(wd, a.on, String(a.amount));
            recs.push({ id, wd, on: a.on, dest, amount: BigInt(a.amount) });
          } else if (a.kind === 'mine') await devnet().mine(a.n);
          else if (a.kind === 'drop') {
            // The first stored attempt still in the node's pool leaves it (the sender must send it again).
            for (const r of recs) {
              const pooled = [];
              for (const x of await attemptsOf(server, r.id)) if (await inPool(devnet(), x.tx_hash)) pooled.push(x.tx_hash);
              if (pooled.length > 0) {
                await devnet().rpc('anvil_dropTransaction', [pooled[0]]);
                break;
              }
            }
          } else if ((await devnet().head()) > floor) await devnet().rpc('anvil_reorg', [1, []]);
          await sleep(100);
          await checkForward();
        }

        // The chain settles: a block at a time until every record is decided.
        const end = Date.now() + 60_000;
        for (;;) {
          const statuses = await Promise.all(recs.map(async (r) => (await stateOf(server, 'withdrawal', r.id))!.status));
          if (statuses.every((s) => s === 'COMPLETED')) break;
          expect(statuses.filter((s) => !ORDER.includes(s))).toEqual([]);
          if (Date.now() > end) throw new Error(`not settled: ${JSON.stringify(statuses)}`);
          await devnet().mine(1);
          await sleep(150);
          await checkForward();
        }

        const nonces: number[] = [];
        let tokenSum = 0n;
        for (const r of recs) {
          const units = r.amount * UNIT[r.on];
          if (r.on === 'token') tokenSum += units;
          expect(r.on === 'token' ? await tokenBalance(devnet(), r.dest) : await ethBalance(devnet(), r.dest)).toBe(units);
          const fee = FEE[r.on];
          expect(await ledgerOf(server, r.id)).toEqual([
            ['HOLD', String(r.amount + fee)],
            ['WITHDRAWAL', String(r.amount)],
            ['WITHDRAWAL_FEE', String(fee)],
          ]);
          const types = (await eventsOf(server, r.id)).map((e) => e.type).filter((t) => t !== 'crypto_withdrawal.updated');
          expect(types).toEqual(COMPLETED_WITHDRAWAL_EVENTS);
          const own = new Set((await attemptsOf(server, r.id)).map((x) => x.nonce));
          expect(own.size).toBe(1);
          nonces.push(...own);
          await checkLedgerInvariants(server, r.wd.customerId);
        }
        expect(nonces.sort((x, y) => x - y)).toEqual(nonces.map((_, i) => firstNonce + i));
        expect(hotToken - (await tokenBalance(devnet(), HOT))).toBe(tokenSum);
      }),
      { numRuns: 6 },
    );
  }, 240_000);
});
