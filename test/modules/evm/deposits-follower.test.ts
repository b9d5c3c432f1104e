// §18 C5, C6, C10, C12, C13: deposits detected on a real devnet by a running server's follower — CONFIRMING
// at inclusion, decided at finality (EVM_FINALITY=2), DROPPED by a reorganisation and CONFIRMING again
// when included again, never credited twice; FINALITY_LOST when a final block stops being canonical.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEther, type Hex } from 'viem';
import { DEVNET_PAYER } from '../../../src/modules/devnet/token.js';
import { useDevnet } from '../../helpers/anvil.js';
import { EvmPartner, followerPast, payEth, payToken, signedTokenPayment, startEvmServer, waitFor } from '../../helpers/evm-deposits.js';
import { randomEthAddress, Scenario, type TestServer } from '../../helpers/harness.js';

const devnet = useDevnet();
let server: TestServer;
let partner: EvmPartner;

beforeAll(async () => {
  server = await startEvmServer(devnet().url, { EVM_MIN_DEPOSIT_MINOR: '100' });
  partner = await EvmPartner.create(server, devnet());
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

const ledgerRows = (depositId: string) =>
  server.db.all<{ type: string; amount_minor: string }>(`SELECT type, amount_minor FROM ledger_transactions WHERE resource_id = ?`, depositId);

describe('§18 C6 deposits on the chain', () => {
  it('a token transfer is CONFIRMING at inclusion (nothing credited) and COMPLETED at finality with one DEPOSIT row', async () => {
    const { customerId, address } = await partner.customer();
    const hash = await payToken(devnet(), address, 1_500_000n);
    const block = await devnet().mine();
    const [d] = await partner.depositsUntil(customerId, (ds) => ds.length === 1, 'CONFIRMING deposit');
    expect(d).toMatchObject({
      routeCode: partner.tokenRoute,
      blockchain: 'ETH',
      amountMinor: '1500000',
      currency: 'USDT',
      currencyScale: 6,
      fromAddress: DEVNET_PAYER.address,
      toAddress: address,
      txHash: hash.toLowerCase(),
      status: 'CONFIRMING',
      statusInfo: 'Waiting for network confirmations',
      travelRuleRequired: false,
      refundableAmountMinor: '0',
      creditedAt: null,
      blockNumber: block,
      finalizedAt: null,
    });
    expect(await ledgerRows(d!.depositId)).toEqual([]);
    // §18.1: no refund and no Travel Rule information while CONFIRMING.
    const tr = await server.request(partner.client, 'POST', `/partner/v1/crypto/deposits/${d!.depositId}/travel-rule-information`, {
      body: { originator: { name: 'Ada Lovelace', type: 'INDIVIDUAL', country: 'GB', walletType: 'PRIVATE_WALLET' } },
    });
    expect([tr.status, tr.body.code]).toEqual([409, 'INVALID_STATE']);
    const refund = await new Scenario(server, partner.client, partner.tokenRoute).refundDraft(d!.depositId, { amountMinor: '1' });
    expect([refund.status, refund.body.errors?.[0]?.extensions?.code]).toEqual([409, 'INVALID_STATE']);

    await devnet().mine(2);
    const [done] = await partner.depositsUntil(customerId, (ds) => ds[0]?.status === 'COMPLETED', 'COMPLETED deposit');
    expect(done).toMatchObject({ status: 'COMPLETED', statusInfo: 'Credited', blockNumber: block, refundableAmountMinor: '1500000' });
    expect(done!.creditedAt).toBe(done!.finalizedAt);
    expect(done!.finalizedAt).not.toBeNull();
    expect(await ledgerRows(d!.depositId)).toEqual([{ type: 'DEPOSIT', amount_minor: '1500000' }]);
    expect(await partner.eventTypes(d!.depositId)).toEqual(['crypto_deposit.confirming', 'crypto_deposit.completed']);
    // REST renders the new fields too.
    const rest = await server.request(partner.client, 'GET', `/partner/v1/crypto/deposits/${d!.depositId}`);
    expect(rest.body).toMatchObject({ blockNumber: block, finalizedAt: done!.finalizedAt, status: 'COMPLETED' });
  });

  it('native ETH: a top-level transfer with value, floored to the route scale (C12)', async () => {
    const { customerId, address } = await partner.customer();
    // 0.000002 ETH and 1 wei: 2000 minor at scale 9, the wei's remainder not credited.
    await payEth(devnet(), address, parseEther('0.000002') + 1n);
    const block = await devnet().mine();
    const [d] = await partner.depositsUntil(customerId, (ds) => ds.length === 1, 'ETH deposit');
    expect(d).toMatchObject({ routeCode: partner.ethRoute, currency: 'ETH', amountMinor: '2000', status: 'CONFIRMING', blockNumber: block, fromAddress: DEVNET_PAYER.address });
    const units = await server.db.get<{ units: string }>(`SELECT units FROM crypto_deposits WHERE deposit_id = ?`, d!.depositId);
    expect(units!.units).toBe('2000000000001');
    await devnet().mine(2);
    await partner.depositsUntil(customerId, (ds) => ds[0]?.status === 'COMPLETED', 'COMPLETED ETH deposit');
    expect(await ledgerRows(d!.depositId)).toEqual([{ type: 'DEPOSIT', amount_minor: '2000' }]);
  });

  it('at or above the route threshold: travelRuleRequired at inclusion, PENDING_TRAVEL_RULE at finality, nothing credited', async () => {
    const held = await EvmPartner.create(server, devnet(), { threshold: '1000000' });
    const { customerId, address } = await held.customer();
    await payToken(devnet(), address, 1_000_000n);
    await devnet().mine();
    const [d] = await held.depositsUntil(customerId, (ds) => ds.length === 1, 'CONFIRMING deposit');
    expect(d).toMatchObject({ status: 'CONFIRMING', travelRuleRequired: true });
    await devnet().mine(2);
    const [p] = await held.depositsUntil(customerId, (ds) => ds[0]?.status === 'PENDING_TRAVEL_RULE', 'held deposit');
    expect(p).toMatchObject({ statusInfo: 'Awaiting Travel Rule information', creditedAt: null });
    expect(p!.finalizedAt).not.toBeNull();
    expect(await ledgerRows(d!.depositId)).toEqual([]);
  });

  it('below EVM_MIN_DEPOSIT_MINOR: no deposit, counted as unattributed', async () => {
    const { customerId, address } = await partner.customer();
    const before = await server.db.get<{ unattributed: number }>(`SELECT unattributed FROM evm_follower WHERE id = 1`);
    await payToken(devnet(), address, 99n);
    const head = await devnet().mine(3);
    await followerPast(server, head);
    expect(await partner.deposits(customerId)).toEqual([]);
    const after = await server.db.get<{ unattributed: number }>(`SELECT unattributed FROM evm_follower WHERE id = 1`);
    expect(Number(after!.unattributed)).toBe(Number(before!.unattributed) + 1);
  });

  it('a token no route has: no deposit', async () => {
    const { customerId, address } = await partner.customer();
    const other = await deployOtherToken();
    await devnet().mine();
    await payToken(devnet(), address, 5_000_000n, other);
    const head = await devnet().mine(3);
    await followerPast(server, head);
    expect(await partner.deposits(customerId)).toEqual([]);
  });

  it('two transfers in one transaction to one address are one deposit of their sum (C12)', async () => {
    const { customerId, address } = await partner.customer();
    const splitter = await deploySplitter();
    await devnet().mine();
    await payer().writeContract({ address: devnet().token, abi: APPROVE_ABI, functionName: 'approve', args: [splitter, 10n ** 12n] });
    await devnet().mine();
    const hash = await payer().writeContract({ address: splitter, abi: SPLITTER_ABI, functionName: 'pay', args: [devnet().token, address, 700_000n, 300_001n] });
    await devnet().mine(3);
    const [d] = await partner.depositsUntil(customerId, (ds) => ds[0]?.status === 'COMPLETED', 'aggregated deposit');
    expect(d).toMatchObject({ amountMinor: '1000001', txHash: hash.toLowerCase(), fromAddress: DEVNET_PAYER.address });
    expect(await ledgerRows(d!.depositId)).toEqual([{ type: 'DEPOSIT', amount_minor: '1000001' }]);
  });

  it('a reorganisation before finality DROPS the deposit; included again it is CONFIRMING again and credited once', async () => {
    const { customerId, address } = await partner.customer();
    const raw = await signedTokenPayment(devnet(), address, 2_000_000n);
    const snapshot = await devnet().rpc<Hex>('evm_snapshot');
    await devnet().rpc('eth_sendRawTransaction', [raw]);
    await devnet().mine();
    const [d] = await partner.depositsUntil(customerId, (ds) => ds[0]?.status === 'CONFIRMING', 'CONFIRMING deposit');
    await devnet().rpc('evm_revert', [snapshot]);
    await devnet().rpc('anvil_dropAllTransactions');
    await devnet().mine(2);
    const [dropped] = await partner.depositsUntil(customerId, (ds) => ds[0]?.status === 'DROPPED', 'DROPPED deposit');
    expect(dropped).toMatchObject({ depositId: d!.depositId, statusInfo: 'Removed from the chain', blockNumber: null, creditedAt: null, refundableAmountMinor: '0' });
    expect(await ledgerRows(d!.depositId)).toEqual([]);
    const refund = await new Scenario(server, partner.client, partner.tokenRoute).refundDraft(d!.depositId, { amountMinor: '1' });
    expect(refund.body.errors?.[0]?.extensions?.code).toBe('INVALID_STATE');

    await devnet().rpc('eth_sendRawTransaction', [raw]);
    const block = await devnet().mine();
    const [again] = await partner.depositsUntil(customerId, (ds) => ds[0]?.status === 'CONFIRMING', 'CONFIRMING again');
    expect(again).toMatchObject({ depositId: d!.depositId, blockNumber: block, amountMinor: '2000000' });
    await devnet().mine(2);
    await partner.depositsUntil(customerId, (ds) => ds[0]?.status === 'COMPLETED', 'COMPLETED');
    expect(await partner.deposits(customerId)).toHaveLength(1);
    expect(await ledgerRows(d!.depositId)).toEqual([{ type: 'DEPOSIT', amount_minor: '2000000' }]);
    expect(await partner.eventTypes(d!.depositId)).toEqual([
      'crypto_deposit.confirming',
      'crypto_deposit.dropped',
      'crypto_deposit.confirming',
      'crypto_deposit.completed',
    ]);
  });

  it('a double spend: the replacement chain pays elsewhere, the deposit stays DROPPED and is never credited', async () => {
    const { customerId, address } = await partner.customer();
    const nonce = await devnet().rpc<Hex>('eth_getTransactionCount', [DEVNET_PAYER.address, 'latest']);
    const snapshot = await devnet().rpc<Hex>('evm_snapshot');
    await devnet().rpc('eth_sendRawTransaction', [await signedTokenPayment(devnet(), address, 3_000_000n, Number(nonce))]);
    await devnet().mine();
    const [d] = await partner.depositsUntil(customerId, (ds) => ds[0]?.status === 'CONFIRMING', 'CONFIRMING deposit');
    await devnet().rpc('evm_revert', [snapshot]);
    await devnet().rpc('anvil_dropAllTransactions');
    await devnet().rpc('eth_sendRawTransaction', [await signedTokenPayment(devnet(), randomEthAddress() as Hex, 3_000_000n, Number(nonce))]);
    const head = await devnet().mine(4);
    await followerPast(server, head);
    const [after] = await partner.depositsUntil(customerId, (ds) => ds[0]?.status === 'DROPPED', 'DROPPED deposit');
    expect(after!.depositId).toBe(d!.depositId);
    expect(await ledgerRows(d!.depositId)).toEqual([]);
  });

  // Last: the halt stays.
  it('a reorganisation deeper than finality halts the rail FINALITY_LOST; no ledger row changes', async () => {
    const { customerId, address } = await partner.customer();
    const snapshot = await devnet().rpc<Hex>('evm_snapshot');
    await payToken(devnet(), address, 4_000_000n);
    const block = await devnet().mine();
    await devnet().mine(2);
    const [d] = await partner.depositsUntil(customerId, (ds) => ds[0]?.status === 'COMPLETED', 'COMPLETED deposit');
    const ledgerBefore = await server.db.all(`SELECT * FROM ledger_transactions ORDER BY created_at, transaction_id`);
    await devnet().rpc('evm_revert', [snapshot]);
    await devnet().rpc('anvil_dropAllTransactions');
    await devnet().mine(5);
    const halt = await waitFor(
      () => server.db.get<{ reason: string; detail: string }>(`SELECT reason, detail FROM evm_halt WHERE id = 1`),
      (h) => h !== undefined,
      'FINALITY_LOST halt',
    );
    expect(halt!.reason).toBe('FINALITY_LOST');
    expect(halt!.detail).toContain(`block ${block}`);
    expect((await partner.deposits(customerId))[0]).toMatchObject({ depositId: d!.depositId, status: 'COMPLETED' });
    expect(await server.db.all(`SELECT * FROM ledger_transactions ORDER BY created_at, transaction_id`)).toEqual(ledgerBefore);
  });
});

// Helpers of this file: a second ERC-20 (the devnet token's bytecode, another deployment) and a contract
// that makes two transfers in one transaction.
import { createRequire } from 'node:module';
import { foundry } from 'viem/chains';
import artifact from '../../../src/modules/devnet/DevnetToken.json' with { type: 'json' };
import { payer as payerOf } from '../../helpers/evm-deposits.js';

const payer = () => {
  const w = payerOf(devnet());
  return {
    writeContract: (a: { address: Hex; abi: readonly unknown[]; functionName: string; args: unknown[] }) =>
      w.writeContract({ ...a, chain: foundry, account: DEVNET_PAYER } as never),
  };
};
const APPROVE_ABI = [{ type: 'function', name: 'approve', stateMutability: 'nonpayable', inputs: [{ name: 's', type: 'address' }, { name: 'v', type: 'uint256' }], outputs: [{ type: 'bool' }] }] as const;
const SPLITTER_SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;
interface IERC20 { function transferFrom(address from, address to, uint256 value) external returns (bool); }
contract Splitter {
  function pay(address token, address to, uint256 a, uint256 b) external {
    require(IERC20(token).transferFrom(msg.sender, to, a));
    require(IERC20(token).transferFrom(msg.sender, to, b));
  }
}`;
const SPLITTER_ABI = [
  { type: 'function', name: 'pay', stateMutability: 'nonpayable', inputs: [{ name: 'token', type: 'address' }, { name: 'to', type: 'address' }, { name: 'a', type: 'uint256' }, { name: 'b', type: 'uint256' }], outputs: [] },
] as const;

async function deployed(hash: Hex): Promise<Hex> {
  await devnet().mine();
  const receipt = await devnet().rpc<{ contractAddress: Hex }>('eth_getTransactionReceipt', [hash]);
  return receipt.contractAddress;
}

async function deploySplitter(): Promise<Hex> {
  const solc = createRequire(import.meta.url)('solc') as { compile(input: string): string };
  const out = JSON.parse(
    solc.compile(
      JSON.stringify({
        language: 'Solidity',
        sources: { 'Splitter.sol': { content: SPLITTER_SOURCE } },
        settings: { evmVersion: 'cancun', outputSelection: { '*': { '*': ['evm.bytecode.object'] } } },
      }),
    ),
  );
  const bytecode = `0x${out.contracts['Splitter.sol'].Splitter.evm.bytecode.object}` as Hex;
  const hash = await payerOf(devnet()).deployContract({ abi: [], bytecode, chain: foundry, account: DEVNET_PAYER });
  return deployed(hash);
}

async function deployOtherToken(): Promise<Hex> {
  const hash = await payerOf(devnet()).deployContract({
    abi: artifact.abi,
    bytecode: artifact.bytecode as Hex,
    args: [[DEVNET_PAYER.address], 10n ** 12n],
    chain: foundry,
    account: DEVNET_PAYER,
  });
  return deployed(hash);
}
