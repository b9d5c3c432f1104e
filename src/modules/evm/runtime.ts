// §18 the EVM rail's process-level pieces: C2 the rail's start before the server listens (a refusal stops
// the start; the devnet module's runtime has started the devnet node before it when EVM_DEVNET=true), and
// the rail's gauges on GET /metrics. Imports the module through its index.ts, as the layers above it do.
import { Gauge } from 'prom-client';
import { areaRuntime } from '../../core/runtime.js';
import { chainOf, countInflight, countWaiting, findFollower, findHalt, railStatus, startRail, type RailStarted } from './index.js';

export type RunningRail = { rail: RailStarted };

export default areaRuntime<RunningRail>({
  start: async ({ config, engine, logger, clock }) => ({ rail: await startRail(config, engine, logger, clock) }),
  /**
   * `rail_halted` always (1 while halted, C10 — RAIL_OFF included); with a chain, what is in flight and
   * waiting (C9), the follower's lag behind the head, and the hot wallet's balances. Chain values are read
   * at scrape time; a chain that does not answer leaves them unset, never fails the scrape.
   */
  metrics(registry, { engine, config: { evm } }) {
    new Gauge({
      name: 'rail_halted',
      help: 'The EVM rail is halted (§18 C10): 1, with the reason as a label; 0 while it runs.',
      labelNames: ['reason'],
      registers: [registry],
      async collect() {
        this.reset();
        const halt = await findHalt(engine.read);
        this.set({ reason: halt?.reason ?? '' }, halt ? 1 : 0);
      },
    });
    new Gauge({
      name: 'rail_inflight',
      help: 'Withdrawals and refunds on the chain whose transaction is not yet final (§18 C9, EVM_MAX_INFLIGHT).',
      registers: [registry],
      async collect() {
        this.set(await countInflight(engine.read));
      },
    });
    new Gauge({
      name: 'rail_waiting',
      help: 'Withdrawals and refunds waiting in SCREENING for hot wallet capacity (§18 C9).',
      registers: [registry],
      async collect() {
        this.set(await countWaiting(engine.read));
      },
    });
    const chain = chainOf(evm, { timeoutMs: 2000, retryCount: 0 });
    if (!chain) return;
    new Gauge({
      name: 'rail_head_lag_blocks',
      help: "Blocks between the chain's head and the follower's next block to read (§18 C5–C6).",
      registers: [registry],
      async collect() {
        const [head, follower] = await Promise.all([chain.getBlockNumber({ cacheTime: 0 }).catch(() => undefined), findFollower(engine.read)]);
        if (head !== undefined && follower?.nextBlock != null) this.set(Math.max(0, Number(head) - follower.nextBlock + 1));
      },
    });
    new Gauge({
      name: 'rail_hot_wallet_balance',
      help: 'The hot wallet’s balance at latest: wei for ETH, token units per token contract (§18 C9).',
      labelNames: ['asset'],
      registers: [registry],
      async collect() {
        const status = await railStatus(engine.read, chain, evm).catch(() => undefined);
        if (status) for (const [asset, amount] of Object.entries(status.balances)) this.set({ asset }, Number(amount));
      },
    });
  },
});
