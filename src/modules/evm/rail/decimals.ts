// §18 C12: a route's token decimals, read once from the chain at `route create|update --rail EVM` (18 for
// native ETH). Network calls only: the caller makes them before its database transaction. What goes
// wrong is said in the service's own words, never viem's (its messages carry the RPC URL, C11).
import { BaseError, decodeFunctionResult, encodeFunctionData, erc20Abi, ExecutionRevertedError, getAddress, hexToString, RawContractError, size, type Hex } from 'viem';
import type { Chain } from '../chain.js';

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

/**
 * §18.6: the token's `symbol()` at `latest`: the ABI string, or a bytes32 (older tokens) read up to its first
 * zero byte. Undefined when the call reverts, answers nothing, or answers neither form or an empty or
 * unprintable symbol — the amended C12's "failed call". Any other error of the node throws.
 */
export async function readTokenSymbol(chain: Chain, contract: string): Promise<string | undefined> {
  const address = getAddress(contract);
  let data: Hex | undefined;
  try {
    data = (await chain.call({ to: address, data: encodeFunctionData({ abi: erc20Abi, functionName: 'symbol' }), blockTag: 'latest' })).data;
  } catch (err) {
    // Only an execution error is the token's answer; any other error (a rate limit, -32603, a timeout) is
    // the node's, and asked again later (as C7, settled, for eth_estimateGas).
    if (err instanceof BaseError && err.walk((e) => e instanceof ExecutionRevertedError || e instanceof RawContractError) !== null) return undefined;
    throw err;
  }
  if (data === undefined || data === '0x') return undefined;
  let symbol: string | undefined;
  try {
    symbol = decodeFunctionResult({ abi: erc20Abi, functionName: 'symbol', data });
  } catch {
    if (size(data) === 32) symbol = hexToString(data).replace(/\0+$/, '');
  }
  return symbol !== undefined && /^[\x21-\x7e]{1,64}$/.test(symbol) ? symbol : undefined;
}

/** §18.6 for partnerctl: the token's symbol, every fault (the node's too) a refusal naming the contract. */
export async function tokenSymbolOf(chain: Chain, contract: string): Promise<string> {
  let symbol: string | undefined;
  try {
    symbol = await readTokenSymbol(chain, contract);
  } catch {
    throw new DecimalsRefused(`symbol() of ${getAddress(contract)} could not be read from the EVM node`);
  }
  if (symbol === undefined) throw new DecimalsRefused(`symbol() of ${getAddress(contract)} failed: it answers no symbol`);
  return symbol;
}
