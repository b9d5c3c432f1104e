// §18 C7–C10 withdrawals and refunds on an EVM route, against the file's devnet and the real server: signed
// by the hot wallet, stored before they are sent, CONFIRMING at inclusion, decided only at finality
// (EVM_FINALITY=2), with the partner's ledger rows and events of the sandbox pipeline plus `updated`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTransaction, type Hex } from 'viem';
import { useDevnet } from '../../helpers/anvil.js';
import { randomEthAddress, Scenario, startTestServer, type TestServer } from '../../helpers/harness.js';
import { COMPLETED_WITHDRAWAL_EVENTS, eventsOf, ledgerOf } from '../../helpers/withdrawals.js';
import {
  attemptsOf,
  ethBalance,
  evmEnv,
  EvmWorld,
  HOT,
  inPool,
  setTokenBalance,
  stateOf,
  tokenBalance,
  waitFor,
  waitSent,
  waitStatus,
} from './chain-transfers.js';

const devnet = useDevnet();
let server: TestServer;
let world: EvmWorld;

beforeAll(async () => {
  server = await startTestServer(evmEnv(devnet().url));
  world = await EvmWorld.create(server, devnet());
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

const types = async (id: string) => (await eventsOf(server, id)).map((e) => e.type);

/** Sent, then mined in one block: the record is CONFIRMING with the included attempt's hash; the block number. */
async function mineIncluded(id: string, kind: 'withdrawal' | 'refund' = 'withdrawal'): Promise<number> {
  await waitSent(server, id);
  const block = await devnet().mine(1);
  await waitStatus(server, kind, id, 'CONFIRMING');
  return block;
}

describe('withdrawals on the chain (C7)', () => {
  it('a token withdrawal: SUBMITTED → SCREENING → BROADCASTING → CONFIRMING, COMPLETED only at finality; the destination gains exactly the units', async () => {
    const dest = randomEthAddress();
    const wd = await world.customer('token', dest);
    const id = await world.withdraw(wd, 'token', '1500000');
    const broadcasting = await waitStatus(server, 'withdrawal', id, 'BROADCASTING');
    const [attempt] = await attemptsOf(server, id);
    expect(broadcasting.tx_hash).toBe(attempt!.tx_hash);
    // The stored bytes are an EIP-1559 transfer(destination, units) to the token, chain 31337.
    const tx = parseTransaction(attempt!.raw as Hex);
    expect(tx).toMatchObject({ type: 'eip1559', chainId: 31337, to: devnet().token.toLowerCase(), nonce: attempt!.nonce });
    expect(tx.data?.slice(0, 10)).toBe('0xa9059cbb');

    const block = await mineIncluded(id);
    expect(await devnet().head()).toBe(block);
    await devnet().mine(1);
    // One block short of finality (block + 2): still CONFIRMING.
    expect((await stateOf(server, 'withdrawal', id))!.status).toBe('CONFIRMING');
    await devnet().mine(1);
    await waitStatus(server, 'withdrawal', id, 'COMPLETED');

    expect(await tokenBalance(devnet(), dest)).toBe(1_500_000n);
    expect(await ledgerOf(server, id)).toEqual([
      ['HOLD', '1502500'],
      ['WITHDRAWAL', '1500000'],
      ['WITHDRAWAL_FEE', '2500'],
    ]);
    expect(await types(id)).toEqual(COMPLETED_WITHDRAWAL_EVENTS);
    const view = await wd.view(id);
    expect(view).toMatchObject({ status: 'COMPLETED', statusInfo: 'Completed', kytResult: 'CLEARED', txHash: attempt!.tx_hash });
    const row = await server.db.get<{ included_tx_hash: string; included_block_number: number | string; receipt_status: string; final_at: string | null }>(
      'SELECT included_tx_hash, included_block_number, receipt_status, final_at FROM evm_transfers WHERE resource_id = ?',
      id,
    );
    expect({ ...row, included_block_number: Number(row!.included_block_number) }).toMatchObject({
      included_tx_hash: attempt!.tx_hash,
      included_block_number: block,
      receipt_status: 'success',
    });
    expect(row!.final_at).not.toBeNull();
  });

  it('an ETH withdrawal: value = amount × 10^(18 − scale) to the destination, gas 21000, COMPLETED at finality', async () => {
    const dest = randomEthAddress();
    const wd = await world.customer('eth', dest);
    const id = await world.withdraw(wd, 'eth', '2000000');
    await waitStatus(server, 'withdrawal', id, 'BROADCASTING');
    const [attempt] = await attemptsOf(server, id);
    const tx = parseTransaction(attempt!.raw as Hex);
    expect(tx).toMatchObject({ to: dest.toLowerCase(), value: 2_000_000n * 10n ** 9n, gas: 21_000n });
    await mineIncluded(id);
    await devnet().mine(2);
    await waitStatus(server, 'withdrawal', id, 'COMPLETED');
    expect(await ethBalance(devnet(), dest)).toBe(2_000_000n * 10n ** 9n);
    expect(await ledgerOf(server, id)).toEqual([
      ['HOLD', '2001000'],
      ['WITHDRAWAL', '2000000'],
      ['WITHDRAWAL_FEE', '1000'],
    ]);
  });

  it('eth_estimateGas reverts → FAILED "Broadcast failed", RELEASE, txHash null, no nonce consumed', async () => {
    const before = await server.db.get<{ next_nonce: number | string }>('SELECT next_nonce FROM evm_nonces WHERE address = ?', HOT);
    // DevnetToken refuses a transfer to the zero address.
    const wd = await world.customer('token', '0x0000000000000000000000000000000000000000');
    const id = await world.withdraw(wd, 'token', '1000000');
    const failed = await waitStatus(server, 'withdrawal', id, 'FAILED');
    expect(failed).toEqual({ status: 'FAILED', status_info: 'Broadcast failed', tx_hash: null });
    expect(await ledgerOf(server, id)).toEqual([
      ['HOLD', '1002500'],
      ['RELEASE', '1002500'],
    ]);
    expect(await attemptsOf(server, id)).toEqual([]);
    const after = await server.db.get<{ next_nonce: number | string }>('SELECT next_nonce FROM evm_nonces WHERE address = ?', HOT);
    expect(Number(after!.next_nonce)).toBe(Number(before!.next_nonce));
    expect(await types(id)).toEqual(['crypto_withdrawal.approved', 'crypto_withdrawal.submitted', 'crypto_withdrawal.screening', 'crypto_withdrawal.failed']);
    expect(await wd.view(id)).toMatchObject({ status: 'FAILED', statusInfo: 'Broadcast failed', kytResult: 'CLEARED', txHash: null });
  });

  it('a transaction that reverts on chain → CONFIRMING, then FAILED "Transaction failed on chain" with RELEASE at finality', async () => {
    const dest = randomEthAddress();
    const wd = await world.customer('token', dest);
    const id = await world.withdraw(wd, 'token', '1000000');
    await waitSent(server, id);
    // The hot wallet's tokens are gone before the block: the signed transfer reverts when mined.
    const held = await tokenBalance(devnet(), HOT);
    await setTokenBalance(devnet(), HOT, 0n);
    try {
      await devnet().mine(1);
      await waitStatus(server, 'withdrawal', id, 'CONFIRMING');
    } finally {
      await setTokenBalance(devnet(), HOT, held);
    }
    await devnet().mine(2);
    const failed = await waitStatus(server, 'withdrawal', id, 'FAILED');
    expect(failed.status_info).toBe('Transaction failed on chain');
    expect(await tokenBalance(devnet(), dest)).toBe(0n);
    expect(await ledgerOf(server, id)).toEqual([
      ['HOLD', '1002500'],
      ['RELEASE', '1002500'],
    ]);
  });

  it('a dropped transaction is sent again and included with the stored hash', async () => {
    const wd = await world.customer('token', randomEthAddress());
    const id = await world.withdraw(wd, 'token', '1000000');
    const [attempt] = await waitSent(server, id);
    await devnet().rpc('anvil_dropTransaction', [attempt!.tx_hash]);
    // The sender's next pass puts the same bytes back into the pool.
    await waitFor(() => inPool(devnet(), attempt!.tx_hash), (v) => v, 'the dropped transaction sent again');
    await mineIncluded(id);
    expect((await stateOf(server, 'withdrawal', id))!.tx_hash).toBe(attempt!.tx_hash);
    await devnet().mine(2);
    await waitStatus(server, 'withdrawal', id, 'COMPLETED');
    expect(await attemptsOf(server, id)).toHaveLength(1);
  });

  it('C8: not included EVM_BUMP_AFTER_BLOCKS blocks after its send → replaced (same nonce, fees + 20 % rounded up); txHash follows with `updated`', async () => {
    const wd = await world.customer('token', randomEthAddress());
    const id = await world.withdraw(wd, 'token', '1000000');
    const [first] = await waitSent(server, id);
    // Blocks too expensive for the attempt (the node refuses it while their base fee holds): not included.
    await devnet().rpc('anvil_setNextBlockBaseFeePerGas', [`0x${(10n ** 12n).toString(16)}`]);
    await devnet().mine(1);
    await devnet().rpc('anvil_dropTransaction', [first!.tx_hash]);
    await devnet().mine(2);
    const attempts = await waitFor(() => attemptsOf(server, id), (a) => a.length >= 2, 'a replacement');
    const second = attempts[1]!;
    expect(second.nonce).toBe(first!.nonce);
    const up = (x: string) => (BigInt(x) * 120n + 99n) / 100n;
    expect(BigInt(second.max_fee_per_gas)).toBe(up(first!.max_fee_per_gas));
    expect(BigInt(second.max_priority_fee_per_gas)).toBe(up(first!.max_priority_fee_per_gas));
    const a = parseTransaction(first!.raw as Hex);
    const b = parseTransaction(second.raw as Hex);
    expect([b.to, b.value, b.data, b.gas]).toEqual([a.to, a.value, a.data, a.gas]);
    expect((await stateOf(server, 'withdrawal', id))!).toMatchObject({ status: 'BROADCASTING', tx_hash: second.tx_hash });
    const events = await eventsOf(server, id);
    const updated = events.filter((e) => e.type === 'crypto_withdrawal.updated');
    expect(updated.map((e) => [e.data.status, e.data.txHash])).toEqual([['BROADCASTING', second.tx_hash]]);
    // A cheap block next: the node accepts the attempts again (the replacement takes the first's place in
    // its pool), and the block includes the replacement.
    await devnet().rpc('anvil_setNextBlockBaseFeePerGas', ['0x1']);
    await waitFor(() => inPool(devnet(), second.tx_hash), (v) => v, 'the replacement in the pool');
    await devnet().mine(1);
    const confirming = await waitStatus(server, 'withdrawal', id, 'CONFIRMING');
    expect(confirming.tx_hash).toBe(second.tx_hash);
    await devnet().mine(2);
    await waitStatus(server, 'withdrawal', id, 'COMPLETED');
  });

  it('a reorganisation while CONFIRMING: the status stays, the attempt is sent again, finality counts from its new block', async () => {
    const wd = await world.customer('token', randomEthAddress());
    const id = await world.withdraw(wd, 'token', '1000000');
    const [attempt] = await waitSent(server, id);
    const block = await mineIncluded(id);
    const inclusion = () => server.db.get<{ n: number | string | null; h: string | null }>('SELECT included_block_number AS n, included_block_hash AS h FROM evm_transfers WHERE resource_id = ?', id);
    const before = await inclusion();
    expect(Number(before!.n)).toBe(block);
    // The block that included it is replaced by an empty one (the transaction leaves the chain).
    await devnet().rpc('anvil_reorg', [1, []]);
    expect(await devnet().head()).toBe(block);
    await waitFor(() => inPool(devnet(), attempt!.tx_hash), (v) => v, 'the attempt sent again after the reorganisation');
    expect((await stateOf(server, 'withdrawal', id))!.status).toBe('CONFIRMING');
    await devnet().mine(1);
    await waitFor(inclusion, (r) => Number(r?.n) === block + 1, 'the new inclusion');
    // Final at block + 3 now, not at block + 2.
    await devnet().mine(1);
    expect((await stateOf(server, 'withdrawal', id))!.status).toBe('CONFIRMING');
    await devnet().mine(1);
    const done = await waitStatus(server, 'withdrawal', id, 'COMPLETED');
    expect(done.tx_hash).toBe(attempt!.tx_hash);
    expect((await eventsOf(server, id)).filter((e) => e.type === 'crypto_withdrawal.updated')).toEqual([]);
  });

  it('15 concurrent withdrawals: nonces unique and contiguous, each COMPLETED', async () => {
    const ids: string[] = [];
    const wds = await Promise.all(Array.from({ length: 15 }, () => world.customer('token', randomEthAddress())));
    ids.push(...(await Promise.all(wds.map((wd) => world.withdraw(wd, 'token', '100000')))));
    for (const id of ids) await waitSent(server, id);
    const nonces = (await Promise.all(ids.map(async (id) => (await attemptsOf(server, id))[0]!.nonce))).sort((x, y) => x - y);
    expect(new Set(nonces).size).toBe(15);
    expect(nonces.at(-1)! - nonces[0]!).toBe(14);
    const counter = await server.db.get<{ next_nonce: number | string }>('SELECT next_nonce FROM evm_nonces WHERE address = ?', HOT);
    expect(Number(counter!.next_nonce)).toBe(nonces.at(-1)! + 1);
    await devnet().mine(1);
    for (const id of ids) await waitStatus(server, 'withdrawal', id, 'CONFIRMING');
    await devnet().mine(2);
    for (const id of ids) await waitStatus(server, 'withdrawal', id, 'COMPLETED');
  });
});

describe('refunds on the chain (C7)', () => {
  it('a refund of a deposit on an EVM route: CONFIRMED → … → COMPLETED at finality with REFUND; the refund address gains the units', async () => {
    // A deposit on the route while it was SANDBOX (no on-chain deposit detection here), then the route is EVM.
    const client = await server.newClient();
    const code = `USDT-RF-${Math.random().toString(16).slice(2, 8)}`;
    await server.newRoute(client, { code, maxMinor: '100000000000' });
    const s = new Scenario(server, client, code);
    const customerId = await s.customer();
    const from = randomEthAddress();
    const depositId = await s.deposit(customerId, '3000000', from);
    await server.db.run(
      "UPDATE routes SET rail = 'EVM', token_contract = ?, token_decimals = 6, evm_token_key = ? WHERE route_code = ? AND client_id = ?",
      devnet().token,
      devnet().token.toLowerCase(),
      code,
      client.clientId,
    );
    const draft = await s.refundDraft(depositId, { amountMinor: '1250000' });
    expect(draft.status, draft.text).toBe(200);
    const refundId = draft.body.data.createCryptoRefundApprovalDraft.refundId as string;
    expect((await s.submit(refundId)).status).toBe(200);
    const confirmed = await s.confirmRest(refundId);
    expect(confirmed.status, confirmed.text).toBe(200);
    await waitStatus(server, 'refund', refundId, 'BROADCASTING');
    await mineIncluded(refundId, 'refund');
    await devnet().mine(2);
    await waitStatus(server, 'refund', refundId, 'COMPLETED');
    expect(await tokenBalance(devnet(), from)).toBe(1_250_000n);
    expect((await ledgerOf(server, refundId)).filter(([t]) => t !== 'HOLD')).toEqual([['REFUND', '1250000']]);
    expect((await eventsOf(server, refundId)).map((e) => e.type).slice(-4)).toEqual([
      'crypto_refund.screening',
      'crypto_refund.broadcasting',
      'crypto_refund.confirming',
      'crypto_refund.completed',
    ]);
  });
});
