// §18 C2: the node(s) of the one EVM network, reached through EVM_RPC_URLS: requests go to the first
// healthy URL in list order (viem's fallback transport, not ranked), each with a timeout. Nothing here
// holds state about nonces or filters: the database does (C9), and blocks are read by number and hash.
import { createPublicClient, fallback, http, type PublicClient } from 'viem';
import type { EvmConfig } from '../../config/evm.js';

export type Chain = PublicClient;

export type ChainOptions = { timeoutMs?: number; retryCount?: number };

/**
 * The rail's tasks' timeout for one call: a node that does not answer within a few polls is given up on for
 * this pass (never within a database transaction), 2–10 s.
 */
export function pollTimeoutMs(pollIntervalMs: number): number {
  return Math.max(2_000, Math.min(10_000, 5 * pollIntervalMs));
}

/** A client over the configured URLs; undefined when the rail is off. */
export function chainOf(evm: Pick<EvmConfig, 'rpcUrls'>, o: ChainOptions = {}): Chain | undefined {
  if (evm.rpcUrls.length === 0) return undefined;
  return chainAt(
    evm.rpcUrls.map((u) => u.reveal()),
    o,
  );
}

export function chainAt(urls: string[], o: ChainOptions = {}): Chain {
  const timeout = o.timeoutMs ?? 10_000;
  const transports = urls.map((url) => http(url, { timeout, retryCount: 0 }));
  return createPublicClient({
    transport: transports.length === 1 ? transports[0]! : fallback(transports, { rank: false, retryCount: o.retryCount ?? 1 }),
    // Blocks are asked for by number; nothing is cached between calls.
    cacheTime: 0,
  });
}
