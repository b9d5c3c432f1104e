// §18 C6 (settled 2026-12-07): a re-inclusion at the same height is a re-inclusion — amount, fromAddress and
// blockNumber come from the new block. On the devnet: a payment whose amount depends on its block (a
// contract paying 1 USDT + 0.001 × (timestamp mod 1000)) is reorganised into a block at the same height with
// another timestamp, the same transaction hash paying another amount. The follower sees its stored tip
// replaced, drops the deposit and meets it again in the new block (DROPPED → CONFIRMING, C6). The rule
// itself, for an inclusion met while the deposit is still CONFIRMING (no reorganisation seen in between),
// on the server's database: a CONFIRMING deposit that meets its transaction again at its height in another
// block takes the new block's values.
import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeFunctionData, getAddress, type Hex } from 'viem';
import { foundry } from 'viem/chains';
import { includeChainDeposit } from '../../../src/modules/deposits/index.js';
import { DEVNET_PAYER } from '../../../src/modules/devnet/token.js';
import { findRoute } from '../../../src/modules/routes/index.js';
import { useDevnet } from '../../helpers/anvil.js';
import { EvmPartner, payer, startEvmServer } from '../../helpers/evm-deposits.js';
import { randomEthAddress, type TestServer } from '../../helpers/harness.js';

const devnet = useDevnet();
let server: TestServer;
let partner: EvmPartner;

beforeAll(async () => {
  server = await startEvmServer(devnet().url);
  partner = await EvmPartner.create(server, devnet());
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

const ledgerRows = (depositId: string) =>
  server.db.all<{ type: string; amount_minor: string }>(`SELECT type, amount_minor FROM ledger_transactions WHERE resource_id = ?`, depositId);

const PAYER_SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;
interface IERC20 { function transferFrom(address from, address to, uint256 value) external returns (bool); }
contract BlockPayer {
  function pay(address token, address to) external {
    require(IERC20(token).transferFrom(msg.sender, to, 1000000 + (block.timestamp % 1000) * 1000));
  }
}`;
const PAY_ABI = [
  { type: 'function', name: 'pay', stateMutability: 'nonpayable', inputs: [{ name: 'token', type: 'address' }, { name: 'to', type: 'address' }], outputs: [] },
] as const;
const APPROVE_ABI = [
  { type: 'function', name: 'approve', stateMutability: 'nonpayable', inputs: [{ name: 's', type: 'address' }, { name: 'v', type: 'uint256' }], outputs: [{ type: 'bool' }] },
] as const;

async function deployBlockPayer(): Promise<Hex> {
  const solc = createRequire(import.meta.url)('solc') as { compile(input: string): string };
  const out = JSON.parse(
    solc.compile(
      JSON.stringify({
        language: 'Solidity',
        sources: { 'BlockPayer.sol': { content: PAYER_SOURCE } },
        settings: { evmVersion: 'cancun', outputSelection: { '*': { '*': ['evm.bytecode.object'] } } },
      }),
    ),
  );
  const bytecode = `0x${out.contracts['BlockPayer.sol'].BlockPayer.evm.bytecode.object}` as Hex;
  const hash = await payer(devnet()).deployContract({ abi: [], bytecode, chain: foundry, account: DEVNET_PAYER });
  await devnet().mine();
  return (await devnet().rpc<{ contractAddress: Hex }>('eth_getTransactionReceipt', [hash])).contractAddress;
}

/** Mines one block with this timestamp (seconds). */
async function mineAt(timestamp: number): Promise<number> {
  await devnet().rpc('evm_setNextBlockTimestamp', [timestamp]);
  return devnet().mine();
}

describe('§18 C6 a re-inclusion at the same height', { timeout: 120_000 }, () => {
  it('on the devnet: the same transaction in another block at the same height paying more → that amount, credited once', async () => {
    const { customerId, address } = await partner.customer();
    const contract = await deployBlockPayer();
    const wallet = payer(devnet());
    await wallet.writeContract({ address: devnet().token, abi: APPROVE_ABI, functionName: 'approve', args: [contract, 10n ** 12n], chain: foundry, account: DEVNET_PAYER });
    await devnet().mine();
    const request = await wallet.prepareTransactionRequest({
      to: contract,
      data: encodeFunctionData({ abi: PAY_ABI, functionName: 'pay', args: [devnet().token, address] }),
      gas: 200_000n,
      chain: foundry,
      account: DEVNET_PAYER,
    });
    const raw = await wallet.signTransaction({ ...request, chain: foundry, account: DEVNET_PAYER } as never);
    const latest = await devnet().rpc<{ timestamp: Hex }>('eth_getBlockByNumber', ['latest', false]);
    const base = (Math.floor(Number(latest.timestamp) / 1000) + 1) * 1000;

    const snapshot = await devnet().rpc<Hex>('evm_snapshot');
    await devnet().rpc('eth_sendRawTransaction', [raw]);
    const block = await mineAt(base + 1);
    const [first] = await partner.depositsUntil(customerId, (ds) => ds[0]?.status === 'CONFIRMING', 'CONFIRMING deposit');
    expect(first).toMatchObject({ amountMinor: '1001000', blockNumber: block });

    await devnet().rpc('evm_revert', [snapshot]);
    await devnet().rpc('anvil_dropAllTransactions');
    await devnet().rpc('eth_sendRawTransaction', [raw]);
    expect(await mineAt(base + 7)).toBe(block);
    const [again] = await partner.depositsUntil(customerId, (ds) => ds[0]?.status === 'CONFIRMING' && ds[0]?.amountMinor !== '1001000', 'the new amount');
    expect(again).toMatchObject({ depositId: first!.depositId, amountMinor: '1007000', blockNumber: block, fromAddress: DEVNET_PAYER.address });

    await devnet().mine(2);
    const [done] = await partner.depositsUntil(customerId, (ds) => ds[0]?.status === 'COMPLETED', 'COMPLETED deposit');
    expect(done).toMatchObject({ depositId: first!.depositId, amountMinor: '1007000', refundableAmountMinor: '1007000' });
    expect(await partner.deposits(customerId)).toHaveLength(1);
    expect(await partner.eventTypes(first!.depositId)).toEqual(['crypto_deposit.confirming', 'crypto_deposit.dropped', 'crypto_deposit.confirming', 'crypto_deposit.completed']);
    expect(await ledgerRows(first!.depositId)).toEqual([{ type: 'DEPOSIT', amount_minor: '1007000' }]);
  });

  it('the rule: a CONFIRMING deposit met at its height in another block takes amount, fromAddress and block from it (`updated`)', async () => {
    const { customerId, address } = await partner.customer();
    const route = (await server.operator((e) => e.writer.run((tx) => findRoute(tx, partner.tokenRoute, partner.client.clientId))))!;
    const txHash = `0x${randomBytes(32).toString('hex')}`;
    const hash = () => `0x${randomBytes(32).toString('hex')}`;
    const include = (o: { amountMinor: string; fromAddress: string; blockHash: string }) =>
      server.operator((e) =>
        e.writer.run((tx) =>
          includeChainDeposit(
            tx,
            { route, customerId, clientId: partner.client.clientId, toAddress: address, txHash, units: o.amountMinor, blockNumber: 1_000_000, ...o },
            new Date().toISOString(),
          ),
        ),
      );
    const from = getAddress(randomEthAddress());
    expect(await include({ amountMinor: '5000000', fromAddress: DEVNET_PAYER.address, blockHash: hash() })).toBe('created');
    const second = hash();
    expect(await include({ amountMinor: '4000000', fromAddress: from, blockHash: second })).toBe('updated');
    const [d] = await partner.deposits(customerId);
    expect(d).toMatchObject({ status: 'CONFIRMING', amountMinor: '4000000', fromAddress: from, blockNumber: 1_000_000 });
    expect(await server.db.get(`SELECT block_hash, units FROM crypto_deposits WHERE deposit_id = ?`, d!.depositId)).toEqual({ block_hash: second, units: '4000000' });
    expect(await partner.eventTypes(d!.depositId)).toEqual(['crypto_deposit.confirming', 'crypto_deposit.updated']);
    // The same content in yet another block: its hash only, no event.
    const third = hash();
    expect(await include({ amountMinor: '4000000', fromAddress: from, blockHash: third })).toBe('unchanged');
    expect(await server.db.get(`SELECT block_hash FROM crypto_deposits WHERE deposit_id = ?`, d!.depositId)).toEqual({ block_hash: third });
    expect(await partner.eventTypes(d!.depositId)).toHaveLength(2);
  });
});
