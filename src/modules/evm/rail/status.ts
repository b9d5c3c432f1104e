// §18.4 `rail status` and `rail rescan`: what an operator sees of the rail — the chain's head and finality,
// the hot wallet's nonce on the chain and in the service, its balances, what is in flight and waiting,
// transfers that created no deposit, the halt and a scheduled rescan. Nothing secret is shown (C11).
import { erc20Abi, getAddress } from 'viem';
import type { EvmConfig } from '../../../config/evm.js';
import type { Exec } from '../../../db/exec.js';
import type { Chain } from '../chain.js';
import { headsOf } from '../finality.js';
import { findFollower, findHalt, findRail, updateFollower } from './repository.js';
import { evmTokenContracts } from '../../routes/index.js';
import { countInflight, countWaiting } from './status-repository.js';
import { findNonceCounter } from '../transfers-repository.js';

export type RailStatus = {
  chainId: number;
  head: number;
  finalized: number;
  hotAddress: string;
  nonce: { chain: number; service: number };
  balances: Record<string, string>;
  inflight: number;
  waiting: number;
  unattributed: number;
  halted: null | { reason: string; since: string; detail: string };
  rescan: null | { fromBlock: number; atBlock: number };
};

/** A refusal of a rail command: its §7 code and a detail for the operator. */
export class RailRefusal extends Error {
  constructor(
    readonly code: 'VALIDATION_FAILED' | 'INVALID_STATE',
    detail: string,
  ) {
    super(detail);
  }
}

export async function railStatus(db: Exec, chain: Chain, evm: EvmConfig): Promise<RailStatus> {
  const rail = await findRail(db);
  const hotAddress = getAddress(rail?.hotAddress ?? evm.signer?.hotAddress ?? '0x0000000000000000000000000000000000000000');
  const [heads, chainId, chainNonce, eth, tokens] = await Promise.all([
    headsOf(chain, evm.finality),
    chain.getChainId(),
    chain.getTransactionCount({ address: hotAddress, blockTag: 'latest' }),
    chain.getBalance({ address: hotAddress, blockTag: 'latest' }),
    evmTokenContracts(db),
  ]);
  const balances: Record<string, string> = { ETH: eth.toString() };
  for (const token of tokens)
    balances[token] = (await chain.readContract({ address: token as `0x${string}`, abi: erc20Abi, functionName: 'balanceOf', args: [hotAddress], blockTag: 'latest' })).toString();
  const [halt, follower, service, inflight, waiting] = await Promise.all([findHalt(db), findFollower(db), findNonceCounter(db, hotAddress), countInflight(db), countWaiting(db)]);
  return {
    chainId,
    head: heads.head,
    finalized: Math.max(heads.finalized, 0),
    hotAddress,
    nonce: { chain: chainNonce, service: service ?? chainNonce },
    balances,
    inflight,
    waiting,
    unattributed: follower?.unattributed ?? 0,
    halted: halt ? { reason: halt.reason, since: halt.since, detail: halt.detail } : null,
    rescan: follower?.rescanFrom != null ? { fromBlock: follower.rescanFrom, atBlock: follower.rescanAt ?? follower.rescanFrom } : null,
  };
}

/**
 * §18.4 `rail rescan --from-block N`: 0 ≤ N ≤ head, refused while halted; the running server's follower
 * carries it out (a second rescan replaces the first).
 */
export async function scheduleRescan(tx: Exec, head: number, fromBlock: number, at: string): Promise<{ fromBlock: number; scheduled: true }> {
  if (!Number.isSafeInteger(fromBlock) || fromBlock < 0 || fromBlock > head) throw new RailRefusal('VALIDATION_FAILED', `--from-block must be from 0 to the head (${head}), got ${fromBlock}`);
  const halt = await findHalt(tx);
  if (halt) throw new RailRefusal('INVALID_STATE', `the rail is halted (${halt.reason}): resume it before a rescan`);
  if (!(await findFollower(tx))) throw new RailRefusal('INVALID_STATE', 'the rail has not started yet: start the server with the rail configured first');
  await updateFollower(tx, { rescanFrom: fromBlock, rescanAt: fromBlock, updatedAt: at });
  return { fromBlock, scheduled: true };
}
