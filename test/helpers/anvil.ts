// A devnet per test file (§18): anvil from the project's dependencies on a free port, the devnet token
// deployed, and the chain moved by the test (`mine`), never by a timer. Reorganisations and snapshots use
// anvil's own methods (anvil_reorg, evm_snapshot / evm_revert).
import { afterAll, beforeAll } from 'vitest';
import type { Hex } from 'viem';
import { startAnvil, type Anvil } from '../../src/modules/devnet/anvil.js';
import { ensureDevnetToken, rpc } from '../../src/modules/devnet/token.js';
import { DEVNET_DEPOSIT_XPUB, Secret } from '../../src/config/evm.js';
import type { EvmReach } from '../../src/cli/operators.js';

export type Devnet = {
  anvil: Anvil;
  url: string;
  token: Hex;
  /** Mines `n` blocks; the head after. */
  mine(n?: number): Promise<number>;
  head(): Promise<number>;
  rpc<T = unknown>(method: string, params?: unknown[]): Promise<T>;
};

export async function startDevnet(o: { slotsInAnEpoch?: number; args?: string[] } = {}): Promise<Devnet> {
  const anvil = await startAnvil({ port: 0, slotsInAnEpoch: o.slotsInAnEpoch ?? 1, args: o.args });
  const call = <T,>(method: string, params: unknown[] = []) => rpc<T>(anvil.url, method, params);
  const token = await ensureDevnetToken(anvil.url);
  return {
    anvil,
    url: anvil.url,
    token,
    async mine(n = 1) {
      await call('anvil_mine', [`0x${n.toString(16)}`]);
      return Number(await call<Hex>('eth_blockNumber'));
    },
    head: async () => Number(await call<Hex>('eth_blockNumber')),
    rpc: call,
  };
}

/** One devnet for the file: started before its tests, stopped after. */
export function useDevnet(o?: Parameters<typeof startDevnet>[0]): () => Devnet {
  let devnet: Devnet | undefined;
  beforeAll(async () => {
    devnet = await startDevnet(o);
  }, 60_000);
  afterAll(async () => {
    await devnet?.anvil.stop();
  });
  return () => {
    if (!devnet) throw new Error('the devnet is not started');
    return devnet;
  };
}

/** What an operator command needs to reach the devnet at `url` (C12 decimals, C4 addresses), as partnerctl's EVM_* give it. */
export const evmReach = (url: string): EvmReach => ({ rpcUrls: [new Secret(url)], rpcOrigins: [url], chainId: 31337, depositXpub: new Secret(DEVNET_DEPOSIT_XPUB) });
