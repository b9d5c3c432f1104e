// §18 C7, C11 withdrawals signed by Web3Signer (EVM_SIGNER=web3signer) end to end through the rail: the
// signer is asked `eth_signTransaction` for the hot address with the record's nonce, fees and gas; its
// signed bytes are stored and sent, and the record completes at finality. A signer that answers an error →
// FAILED "Broadcast failed" with RELEASE and no nonce consumed; one that does not answer → the record waits
// in SCREENING and goes on, with the next nonce, once it answers again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVNET_DEPOSIT_XPUB, devnetKey } from '../../../src/config/evm.js';
import { useDevnet } from '../../helpers/anvil.js';
import { randomEthAddress, startTestServer, type TestServer } from '../../helpers/harness.js';
import { startWeb3Signer, type FakeWeb3Signer } from '../../helpers/web3signer.js';
import { eventsOf, ledgerOf } from '../../helpers/withdrawals.js';
import { attemptsOf, EvmWorld, HOT, stateOf, tokenBalance, waitFor, waitSent, waitStatus } from './chain-transfers.js';

const devnet = useDevnet();
let signer: FakeWeb3Signer;
let server: TestServer;
let world: EvmWorld;

beforeAll(async () => {
  signer = await startWeb3Signer(devnetKey(0));
  server = await startTestServer({
    EVM_RPC_URLS: devnet().url,
    EVM_CHAIN_ID: '31337',
    EVM_DEPOSIT_XPUB: DEVNET_DEPOSIT_XPUB,
    EVM_SIGNER: 'web3signer',
    EVM_SIGNER_URL: signer.url,
    EVM_HOT_ADDRESS: HOT,
    EVM_FINALITY: '2',
    EVM_POLL_INTERVAL_MS: '50',
  });
  world = await EvmWorld.create(server, devnet());
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await signer?.close();
});

type SignCall = { method: string; params: Record<string, string>[] };
const signCalls = () => (signer.requests as SignCall[]).filter((c) => c.method === 'eth_signTransaction');
const nonceCounter = async () => Number((await server.db.get<{ next_nonce: number | string }>('SELECT next_nonce FROM evm_nonces WHERE address = ?', HOT))!.next_nonce);

describe('§18 C11 Web3Signer through the rail', () => {
  it('signs for the hot address with the stored nonce; the stored, sent bytes complete at finality', async () => {
    const dest = randomEthAddress();
    const id = await world.withdraw(await world.customer('token', dest), 'token', '1500000');
    const [attempt] = await waitSent(server, id);
    const call = signCalls().at(-1)!;
    expect(call.params[0]).toMatchObject({ from: HOT, to: devnet().token, nonce: `0x${attempt!.nonce.toString(16)}`, chainId: '0x7a69' });
    await devnet().mine(1);
    await waitStatus(server, 'withdrawal', id, 'CONFIRMING');
    await devnet().mine(2);
    await waitStatus(server, 'withdrawal', id, 'COMPLETED');
    expect(await tokenBalance(devnet(), dest)).toBe(1_500_000n);
    expect((await stateOf(server, 'withdrawal', id))!.tx_hash).toBe(attempt!.tx_hash);
  });

  it('an error answer → FAILED "Broadcast failed" with RELEASE, no nonce consumed', async () => {
    const before = await nonceCounter();
    signer.mode = 'error';
    const id = await world.withdraw(await world.customer('token', randomEthAddress()), 'token', '1000000');
    await waitStatus(server, 'withdrawal', id, 'FAILED');
    signer.mode = 'sign';
    expect(await stateOf(server, 'withdrawal', id)).toMatchObject({ status_info: 'Broadcast failed', tx_hash: null });
    expect(await ledgerOf(server, id)).toEqual([
      ['HOLD', '1002500'],
      ['RELEASE', '1002500'],
    ]);
    expect(await attemptsOf(server, id)).toEqual([]);
    expect(await nonceCounter()).toBe(before);
  });

  it('no answer (503) → the record waits in SCREENING; once the signer answers it is signed with the next nonce and completes', async () => {
    const before = await nonceCounter();
    signer.mode = 'unavailable';
    const asked = signCalls().length;
    const id = await world.withdraw(await world.customer('token', randomEthAddress()), 'token', '1000000');
    // Asked at least twice (two passes), still in SCREENING, nothing stored.
    await waitFor(async () => signCalls().length, (n) => n >= asked + 2, 'the signer asked again');
    expect((await stateOf(server, 'withdrawal', id))!.status).toBe('SCREENING');
    expect(await attemptsOf(server, id)).toEqual([]);
    expect(await nonceCounter()).toBe(before);
    signer.mode = 'sign';
    const [attempt] = await waitSent(server, id);
    expect(attempt!.nonce).toBe(before);
    await devnet().mine(1);
    await devnet().mine(2);
    await waitStatus(server, 'withdrawal', id, 'COMPLETED');
    expect((await eventsOf(server, id)).map((e) => e.type)).not.toContain('crypto_withdrawal.failed');
  });
});
