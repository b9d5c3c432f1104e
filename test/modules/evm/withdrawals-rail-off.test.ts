// §18 C1/C2: records on an EVM route are never moved by the sandbox simulator. On a sandbox server without
// EVM_RPC_URLS (the rail off) a withdrawal on an EVM route stays SUBMITTED, funds held, however far the
// worker runs, while one on a SANDBOX route of the same partner moves through §10.7 as before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomEthAddress, Scenario, startTestServer, type TestServer } from '../../helpers/harness.js';
import { balanceOf, fund, ledgerOf, Wd } from '../../helpers/withdrawals.js';
import { evmReach, useDevnet } from '../../helpers/anvil.js';

// The route is made against a devnet (C12 reads its decimals); the server itself has no EVM_RPC_URLS.
const devnet = useDevnet();

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('the sandbox pipeline leaves EVM routes alone', () => {
  it('rail off: the EVM route’s withdrawal stays SUBMITTED (HOLD only); the SANDBOX route’s completes', async () => {
    const client = await server.newClient();
    const evm = new Scenario(server, client, await server.newRoute(client, { code: 'USDT-EVM', rail: 'EVM', tokenContract: devnet().token }, evmReach(devnet().url)));
    const sandbox = new Scenario(server, client, await server.newRoute(client, { code: 'USDT-SBX' }));

    const onEvm = await Wd.create(evm, randomEthAddress());
    const w1 = await onEvm.draft({ amountMinor: '1000000' });
    await fund(sandbox, onEvm.customerId, '1002500');
    expect((await onEvm.submitRest(w1.withdrawalId)).status).toBe(200);

    const onSandbox = await Wd.create(sandbox, randomEthAddress());
    const w2 = await onSandbox.submitted('1000000');

    await server.advanceWorker();
    expect(await onSandbox.view(w2.withdrawalId)).toMatchObject({ status: 'COMPLETED' });
    expect(await onEvm.view(w1.withdrawalId)).toMatchObject({ status: 'SUBMITTED', statusInfo: 'Submitted for processing', txHash: null });
    expect(await ledgerOf(server, w1.withdrawalId)).toEqual([['HOLD', '1002500']]);
    expect(await balanceOf(server, onEvm.customerId)).toEqual({ available: '0', held: '1002500' });
  });
});
