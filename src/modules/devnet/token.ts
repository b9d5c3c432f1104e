// §18 C14: the devnet's test token, deployed by mnemonic account m/44'/60'/0'/0/9 at its nonce 0 (so its
// address is the same on every fresh devnet), minting 10^12 units to the hot wallet and to the payer.
import { createWalletClient, getContractAddress, http, type Abi, type Hex } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { DEVNET_MNEMONIC } from '../../config/evm.js';
import artifact from './DevnetToken.json' with { type: 'json' };

export const TOKEN_ABI = artifact.abi as Abi;
export const TOKEN_UNITS_MINTED = 10n ** 12n;

/** The devnet's accounts of the test mnemonic (C14). */
export const devnetAccount = (index: 0 | 1 | 9 | number) => mnemonicToAccount(DEVNET_MNEMONIC, { addressIndex: index });
export const DEVNET_HOT = devnetAccount(0);
export const DEVNET_PAYER = devnetAccount(1);
export const DEVNET_DEPLOYER = devnetAccount(9);

/** Where account 9's nonce-0 deployment puts the token. */
export const DEVNET_TOKEN_ADDRESS = getContractAddress({ from: DEVNET_DEPLOYER.address, nonce: 0n });

/**
 * Deploys the token if the chain does not have it yet (a devnet restarted on its state keeps it) and mines
 * a block so that it exists; the token's address.
 */
export async function ensureDevnetToken(rpcUrl: string): Promise<Hex> {
  const wallet = createWalletClient({ account: DEVNET_DEPLOYER, transport: http(rpcUrl) });
  const code = await rpc<Hex>(rpcUrl, 'eth_getCode', [DEVNET_TOKEN_ADDRESS, 'latest']);
  if (code !== '0x') return DEVNET_TOKEN_ADDRESS;
  const nonce = Number(await rpc<Hex>(rpcUrl, 'eth_getTransactionCount', [DEVNET_DEPLOYER.address, 'pending']));
  if (nonce !== 0) throw new Error(`devnet: the token deployer has nonce ${nonce} and no token at ${DEVNET_TOKEN_ADDRESS}`);
  await wallet.deployContract({
    abi: TOKEN_ABI,
    bytecode: artifact.bytecode as Hex,
    args: [[DEVNET_HOT.address, DEVNET_PAYER.address], TOKEN_UNITS_MINTED],
    chain: null,
  });
  await rpc(rpcUrl, 'evm_mine', []);
  return DEVNET_TOKEN_ADDRESS;
}

/** One JSON-RPC call (anvil's own methods too); its result, or an error with the node's message. */
export async function rpc<T = unknown>(url: string, method: string, params: unknown[]): Promise<T> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  const body = (await res.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}
