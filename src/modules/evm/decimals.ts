// §18 C12: a route's token decimals, read once from the chain at `route create|update --rail EVM` (18 for
// native ETH). Network calls only: the caller makes them before its database transaction. What goes
// wrong is said in the service's own words, never viem's (its messages carry the RPC URL, C11).
import { erc20Abi, getAddress } from 'viem';
import type { Chain } from './chain.js';

/** C12: decimals above this are refused (10^77 still fits 256 bits). */
export const MAX_TOKEN_DECIMALS = 77;
export const NATIVE_DECIMALS = 18;

/** A chain answer the route cannot be made with; `message` is safe to print. */
export class DecimalsRefused extends Error {}

/** C2: the node must answer the configured chain id. */
export async function requireChainId(chain: Chain, chainId: number | null, origins: string[]): Promise<void> {
  let answered: number;
  try {
    answered = await chain.getChainId();
  } catch {
    throw new DecimalsRefused(`no EVM node answered at ${origins.join(', ')}`);
  }
  if (chainId !== null && answered !== chainId) throw new DecimalsRefused(`the EVM node answers chain id ${answered}, but EVM_CHAIN_ID is ${chainId}`);
}

/** C12: `decimals()` of the token at `contract` (EIP-55), or 18 for native ETH (`contract` null). */
export async function tokenDecimalsOf(chain: Chain, contract: string | null): Promise<number> {
  if (contract === null) return NATIVE_DECIMALS;
  const address = getAddress(contract);
  let code: string | undefined;
  try {
    code = await chain.getCode({ address, blockTag: 'latest' });
  } catch {
    throw new DecimalsRefused(`the code at ${address} could not be read from the EVM node`);
  }
  if (code === undefined || code === '0x') throw new DecimalsRefused(`no contract code at ${address}: not a token on this chain`);
  let decimals: number;
  try {
    decimals = Number(await chain.readContract({ address, abi: erc20Abi, functionName: 'decimals', blockTag: 'latest' }));
  } catch {
    throw new DecimalsRefused(`decimals() of ${address} failed: not an ERC-20 token`);
  }
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > MAX_TOKEN_DECIMALS)
    throw new DecimalsRefused(`decimals() of ${address} is ${decimals}, above ${MAX_TOKEN_DECIMALS}`);
  return decimals;
}
