// §18 C5: which blocks are final — the node's `finalized` tag, or a depth N (final once the head is at
// least its number + N). Nothing is credited, COMPLETED or FAILED on chain before its block is final.
import type { EvmConfig } from '../../config/evm.js';
import type { Chain } from './chain.js';

export type Heads = { head: number; finalized: number };

/** The head (`latest`) and the highest final block number (−1: none yet). */
export async function headsOf(chain: Chain, finality: EvmConfig['finality']): Promise<Heads> {
  if (finality === 'finalized') {
    const [latest, final] = await Promise.all([chain.getBlock({ blockTag: 'latest' }), chain.getBlock({ blockTag: 'finalized' })]);
    return { head: Number(latest.number), finalized: Number(final.number) };
  }
  const head = Number(await chain.getBlockNumber({ cacheTime: 0 }));
  return { head, finalized: head - finality };
}

export const isFinal = (blockNumber: number, heads: Heads): boolean => blockNumber <= heads.finalized;
