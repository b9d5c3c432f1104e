// §18 C9, settled §18.6: a record that must wait does not hold back later ones. Each pass takes the records
// in SCREENING in the order they entered it and signs every one that fits; `waiting` (rail status and
// /metrics rail_waiting) counts those that do not. One token withdrawal above the hot wallet's token balance
// waits ("Waiting for hot wallet capacity"), and five small ones after it — on the token and the ETH route
// — are signed and complete meanwhile.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { railStatusCommand } from '../../../src/modules/evm/operators.js';
import { useDevnet } from '../../helpers/anvil.js';
import { randomEthAddress, startTestServer, type TestServer } from '../../helpers/harness.js';
import { ledgerOf } from '../../helpers/withdrawals.js';
import { attemptsOf, ethBalance, evmEnv, EvmWorld, HOT, setTokenBalance, stateOf, tokenBalance, waitFor } from './chain-transfers.js';

const devnet = useDevnet();
let server: TestServer;
let world: EvmWorld;
let env: Record<string, string>;

beforeAll(async () => {
  env = evmEnv(devnet().url);
  server = await startTestServer(env);
  world = await EvmWorld.create(server, devnet());
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

const WAITING = 'Waiting for hot wallet capacity';

describe('§18.6 C9: one withdrawal that must wait holds back no other', () => {
  it('one above the hot balance waits; five small ones after it on the token and ETH routes complete; waiting = 1', async () => {
    // The hot wallet holds 5 USDT of the token.
    await setTokenBalance(devnet(), HOT, 5_000_000n);
    const large = await world.withdraw(await world.customer('token', randomEthAddress()), 'token', '20000000');
    await waitFor(() => stateOf(server, 'withdrawal', large), (s) => s?.status_info === WAITING, 'the large one waiting');

    const small = [
      ...(await Promise.all([0, 1, 2].map(async () => ({ on: 'token' as const, dest: randomEthAddress() })))),
      ...(await Promise.all([0, 1].map(async () => ({ on: 'eth' as const, dest: randomEthAddress() })))),
    ];
    const ids: string[] = [];
    for (const s of small) ids.push(await world.withdraw(await world.customer(s.on, s.dest), s.on, '1000000'));

    // Every small one completes (blocks mined until they do) while the large one still waits.
    await waitFor(
      async () => {
        const rows = await Promise.all(ids.map((id) => stateOf(server, 'withdrawal', id)));
        if (rows.some((r) => r?.status === 'BROADCASTING' || r?.status === 'CONFIRMING')) await devnet().mine(1);
        return rows.map((r) => r?.status);
      },
      (statuses) => statuses.every((s) => s === 'COMPLETED'),
      'the five small withdrawals COMPLETED',
      60_000,
    );
    for (const [i, s] of small.entries()) {
      expect(s.on === 'token' ? await tokenBalance(devnet(), s.dest) : await ethBalance(devnet(), s.dest)).toBe(s.on === 'token' ? 1_000_000n : 1_000_000n * 10n ** 9n);
      expect((await ledgerOf(server, ids[i]!))[0]).toEqual(['HOLD', String(1_000_000 + (s.on === 'token' ? 2500 : 1000))]);
    }
    expect(await stateOf(server, 'withdrawal', large)).toEqual({ status: 'SCREENING', status_info: WAITING, tx_hash: null });
    expect(await attemptsOf(server, large)).toEqual([]);
    expect(await ledgerOf(server, large)).toEqual([['HOLD', '20002500']]);

    const status = await railStatusCommand(server.service.engine, { ...env, PARTNER_SANDBOX: 'true', NODE_ENV: 'development' });
    expect({ waiting: status.waiting, inflight: status.inflight }).toEqual({ waiting: 1, inflight: 0 });
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    expect(metrics).toMatch(/^rail_waiting 1$/m);

    // Topped up, the large one goes too.
    await setTokenBalance(devnet(), HOT, 50_000_000n);
    await waitFor(
      async () => {
        const s = await stateOf(server, 'withdrawal', large);
        if (s?.status === 'BROADCASTING' || s?.status === 'CONFIRMING') await devnet().mine(1);
        return s;
      },
      (s) => s?.status === 'COMPLETED',
      'the large one COMPLETED',
      60_000,
    );
  }, 120_000);
});
