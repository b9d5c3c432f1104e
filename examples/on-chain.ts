// Money on a chain, end to end (§18): with `EVM_DEVNET=true npm start` running, a customer's EVM deposit
// wallet, a real token transfer to it on the devnet, the deposit CONFIRMING at inclusion and COMPLETED at
// finality, then a withdrawal signed by the hot wallet, broadcast, and COMPLETED at finality — its
// transaction on the chain and the destination's token balance read back from the node.
//
//   PARTNER_SECRET=<secret> npx tsx examples/on-chain.ts
import { randomBytes } from 'node:crypto';
import { createPublicClient, createWalletClient, erc20Abi, http, type Hex } from 'viem';
import { foundry } from 'viem/chains';
import { DEVNET_PAYER, DEVNET_TOKEN_ADDRESS } from '../src/modules/devnet/token.js';
import { approver, client, main, newCustomer, settle, show, trail } from './setup.js';

const ROUTE = 'USDT-DEVNET';
const RPC = `http://127.0.0.1:${process.env.EVM_DEVNET_PORT ?? '8545'}`;
const chain = createPublicClient({ chain: foundry, transport: http(RPC) });

type Deposit = { depositId: string; status: string; statusInfo: string; blockNumber: number | null; amountMinor: string; txHash: string };

main(async () => {
  const customerId = await newCustomer();
  // §18 C4: the customer's address on the EVM routes, from the deposit xpub.
  const wallets = await client.get<{ items: { routeCode: string; address: string; rail: string; chainId: number | null; tokenContract: string | null }[] }>(
    `/partner/v1/customers/${customerId}/crypto/deposit-wallets`,
  );
  const wallet = wallets.items.find((w) => w.routeCode === ROUTE);
  if (!wallet) throw new Error(`no ${ROUTE} wallet: start the server with EVM_DEVNET=true`);
  show('deposit wallet', wallet);

  // What `npx partnerctl devnet pay --to <address> --route USDT-DEVNET --amount-minor 25000000` does: the
  // devnet's payer sends 25 USDT; the devnet's timer mines it.
  const payer = createWalletClient({ account: DEVNET_PAYER, chain: foundry, transport: http(RPC) });
  const txHash = await payer.writeContract({ address: DEVNET_TOKEN_ADDRESS, abi: erc20Abi, functionName: 'transfer', args: [wallet.address as Hex, 25_000_000n] });
  show('payment on the chain', { txHash, from: DEVNET_PAYER.address, to: wallet.address });

  // §18 C6: visible from its first inclusion (CONFIRMING, nothing credited), COMPLETED at finality.
  let last = '';
  for (let i = 0; i < 240; i++) {
    const page = await client.get<{ items: Deposit[] }>(`/partner/v1/customers/${customerId}/crypto/deposits`);
    const d = page.items[0];
    if (d && d.status !== last) {
      console.log(`  deposit ${d.status} (${d.statusInfo}), block ${d.blockNumber}`);
      last = d.status;
    }
    if (d?.status === 'COMPLETED') break;
    await new Promise((r) => setTimeout(r, 250));
  }
  if (last !== 'COMPLETED') throw new Error(`the deposit did not complete (last: ${last || 'not seen'})`);

  // A withdrawal of 10 USDT on the same route, to a fresh address.
  const walletAddress = `0x${randomBytes(20).toString('hex')}`;
  const beneficiary = await client.post<{ walletBeneficiaryId: string }>(`/partner/v1/customers/${customerId}/crypto/wallet-beneficiaries`, {
    routeCode: ROUTE, label: 'On-chain payout', blockchain: 'ETH', walletAddress, isOwner: true, walletType: 'PRIVATE_WALLET', ownerType: 'INDIVIDUAL',
  });
  const ask = { routeCode: ROUTE, amountMinor: '10000000', currency: 'USDT', currencyScale: 6 };
  const quote = await client.post<{ quoteId: string }>(`/partner/v1/customers/${customerId}/crypto/withdrawal-quotes`, ask);
  const draft = await client.createWithdrawalDraft(customerId, { ...ask, walletBeneficiaryId: beneficiary.walletBeneficiaryId, quoteId: quote.quoteId }, approver());
  const submitted = await client.submitWithdrawal(draft.withdrawalId, approver());
  show('submitted', { status: submitted.status, statusInfo: submitted.statusInfo });
  const status = await settle('withdrawal', draft.withdrawalId, submitted.status);
  if (status !== 'COMPLETED') throw new Error(`withdrawal ended ${status}`);

  const done = await client.get<{ txHash: string }>(`/partner/v1/crypto/withdrawals/${draft.withdrawalId}`);
  const receipt = await chain.getTransactionReceipt({ hash: done.txHash as Hex });
  const balance = await chain.readContract({ address: DEVNET_TOKEN_ADDRESS, abi: erc20Abi, functionName: 'balanceOf', args: [walletAddress as Hex] });
  show('on the chain', { txHash: done.txHash, block: Number(receipt.blockNumber), status: receipt.status, destinationBalanceUnits: balance.toString() });
  await trail(customerId, draft.withdrawalId);
});
