// §18 C11: keys, key files, the deposit xpub and RPC URLs beyond their origin appear in no answer, log
// line, metric, error or `rail status`. A server whose RPC URL carries a key in its path and query (through
// a proxy that serves any path) moves a withdrawal to COMPLETED and detects a deposit, while the node
// answers 429s for a while; everything it said is then searched for the secrets.
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { railStatusCommand } from '../../../src/modules/evm/operators.js';
import { DEVNET_DEPOSIT_XPUB, devnetKey } from '../../../src/config/evm.js';
import { useDevnet } from '../../helpers/anvil.js';
import { EvmPartner, payToken } from '../../helpers/evm-deposits.js';
import { randomEthAddress, TestServer } from '../../helpers/harness.js';
import { startRpcProxy, type RpcProxy } from '../../helpers/rpc-proxy.js';
import { evmEnv, EvmWorld, waitSent, waitStatus } from './chain-transfers.js';

const devnet = useDevnet();
const SECRET = 'RPCSECRET0123456789';
let proxy: RpcProxy;
let server: TestServer;
let env: Record<string, string>;
const said: string[] = [];

beforeAll(async () => {
  proxy = await startRpcProxy(devnet().url);
  env = evmEnv(`${proxy.url}/v3/${SECRET}?apikey=${SECRET}`);
  server = new TestServer(env);
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
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await proxy?.close();
});

describe('C11: no secret in what the rail says', () => {
  it('answers, logs, metrics, rail status and errors hold no key, xpub, key file content or RPC path/query', async () => {
    const world = await EvmWorld.create(server, devnet());
    const partner = await EvmPartner.create(server, devnet());
    // The node refuses for a while: the follower's and the sender's failures are logged.
    proxy.fail({ kind: '429' }, 6);
    const wd = await world.customer('token', randomEthAddress());
    const id = await world.withdraw(wd, 'token', '1000000');
    await waitStatus(server, 'withdrawal', id, 'BROADCASTING');
    await waitSent(server, id);
    const { customerId, address } = await partner.customer();
    await payToken(devnet(), address, 2_000_000n);
    await devnet().mine(3);
    await waitStatus(server, 'withdrawal', id, 'COMPLETED');
    await partner.depositsUntil(customerId, (ds) => ds[0]?.status === 'COMPLETED', 'deposit');

    const answers = [
      JSON.stringify(await wd.view(id)),
      JSON.stringify(await partner.deposits(customerId)),
      (await (await fetch(`${server.url}/metrics`)).text()),
      JSON.stringify(await railStatusCommand(server.service.engine, { ...env, PARTNER_SANDBOX: 'true', NODE_ENV: 'development' })),
    ];
    const everything = [...said, ...answers].join('\n');
    expect(said.length).toBeGreaterThan(0);
    expect(everything).toContain(new URL(proxy.url).host);
    for (const secret of [SECRET, devnetKey(0).slice(2), DEVNET_DEPOSIT_XPUB, DEVNET_DEPOSIT_XPUB.slice(10, 40)]) expect(everything).not.toContain(secret);
    expect(proxy.faulted).toBeGreaterThan(0);
  }, 90_000);
});
