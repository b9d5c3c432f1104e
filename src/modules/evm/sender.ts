// §18 C7–C10 withdrawals and refunds on the chain: the EVM rail's worker task, driving the outbound
// pipeline (transfers/steps.ts) over the EVM implementation of the rail seam — the broadcaster
// (broadcaster.ts: sign, store, send) and the tracker (tracker.ts: receipts, finality, decision). One pass
// at a time per process:
// - the step out of SCREENING, records taken in the order they entered it (then id), each one that fits
//   signed even when one before it waits (§18.6 C9 settled);
// - every EVM_POLL_INTERVAL_MS, each transfer not yet final is looked at on the chain.
// While halted (C10) nothing is signed, replaced or sent and no record changes status.
import { BaseError } from 'viem';
import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import type { Engine } from '../../db/engine.js';
import type { Exec } from '../../db/exec.js';
import type { StartTask } from '../../core/task.js';
import { leaveScreening, railContext, track, type Driver, type OutboundRail } from '../transfers/index.js';
import { EvmBroadcaster, unreachable } from './broadcaster.js';
import type { Chain } from './chain.js';
import { headsOf, type Heads } from './finality.js';
import { KINDS } from './kinds.js';
import { findHalt } from './rail/repository.js';
import { routeMisconfigured } from './rail/route-checks.js';
import type { Signer } from './signer.js';
import { EvmTracker } from './tracker.js';
import { anyTransferNotFinal, evmRecordsIn, transfersNotFinal, type EvmKindName, type Waiting } from './transfers-repository.js';

/** Records looked at per pass. */
const BATCH = 200;
/** The worker's one id for this task: a pass covers every record. */
const PASS = 'evm-pass';

const isHalted = async (x: Exec): Promise<boolean> => (await findHalt(x)) !== undefined;

/** Records on EVM routes in SCREENING, both kinds, in the order they entered it (dueAt, then id). */
export const screeningRecords = (db: Exec): Promise<Waiting[]> => evmRecordsIn(db, 'SCREENING', BATCH);

export class EvmSender implements StartTask {
  readonly name = 'evm-sender';
  wake?: () => void;
  private running: Promise<void> | undefined;
  /** Records changed since the last idle(): the worker's sign that more may be due. */
  private changes = 0;
  private stopped = false;
  /** When the last pass over the chain ended (ms of the clock); the next is due EVM_POLL_INTERVAL_MS after. */
  private lastChainPass = -Infinity;
  /** When the last pass started: a record that entered SCREENING after it makes a pass due at once (§18.1). */
  private lastPassAt = '';
  private readonly broadcaster: EvmBroadcaster;
  private readonly tracker: EvmTracker;
  /** The steps the pipeline takes for this rail: no dueAt on the chain (C9 orders by entry), none while halted. */
  private readonly driver: Driver;
  /** The EVM implementation of the rail seam: the broadcaster below submit, the tracker below observe. */
  private readonly rail: OutboundRail;
  private readonly io: { read: Exec; run: <T>(work: (tx: Exec) => Promise<T>) => Promise<T> };
  /** The chain pass's heads (the tracker's finality), and whether the node stopped answering during it. */
  private chainLook: { heads: Heads; nodeUnreachable: boolean } | undefined;

  constructor(
    private readonly config: Config,
    private readonly engine: Pick<Engine, 'read' | 'writer'>,
    private readonly clock: () => Date,
    private readonly logger: Logger,
    private readonly chain: Chain,
    signer: Signer,
  ) {
    this.broadcaster = new EvmBroadcaster(config, engine, clock, logger, chain, signer);
    this.tracker = new EvmTracker(engine, clock, logger, chain, this.broadcaster);
    this.driver = {
      at: () => this.clock().toISOString(),
      // SCREENING keeps the time it entered it (the order records are taken in); every later state has none.
      dueAt: (to) => (to === 'SCREENING' ? undefined : null),
      halted: isHalted,
      took: () => {
        this.changes += 1;
      },
    };
    this.io = { read: engine.read, run: (work) => engine.writer.run(work) };
    this.rail = {
      halted: isHalted,
      submit: async (r, ctx) => {
        // §18.6: nothing is signed for a route that breaks the currency rules; the record waits, holding back none.
        if (await routeMisconfigured({ engine, chain, clock }, KINDS[ctx.resourceType as EvmKindName], r)) return 'skipped';
        return this.broadcaster.submit(r, ctx);
      },
      observe: async (r, ctx) => {
        const look = this.chainLook!;
        const seen = await this.tracker.look(r, ctx, look.heads);
        if ('shown' in seen) return seen.shown;
        look.nodeUnreachable = true;
        return [];
      },
    };
  }

  async due(db: Exec, now: Date): Promise<string[]> {
    if (this.running || this.stopped) return [];
    const screening = await screeningRecords(db);
    if (screening.some((w) => (w.dueAt ?? '') > this.lastPassAt)) return [PASS];
    if (now.getTime() - this.lastChainPass < this.config.evm.pollIntervalMs) return [];
    return screening.length > 0 || (await anyTransferNotFinal(db)) ? [PASS] : [];
  }

  async start(_id: string, now: Date): Promise<boolean> {
    if (this.running || this.stopped) return false;
    const chainDue = now.getTime() - this.lastChainPass >= this.config.evm.pollIntervalMs;
    this.lastPassAt = now.toISOString();
    this.running = this.pass(chainDue)
      .catch((err: unknown) => {
        if (unreachable(err)) this.logNodeUnreachable();
        // C11: a viem error's message carries the RPC URL; only its short message is logged.
        else if (err instanceof BaseError) this.logger.error({ task: this.name, error: err.name, reason: err.shortMessage }, 'EVM pass failed');
        else this.logger.error({ err, task: this.name }, 'EVM pass failed');
      })
      .finally(() => {
        if (chainDue) this.lastChainPass = this.clock().getTime();
        this.running = undefined;
      });
    return true;
  }

  async idle(): Promise<number> {
    while (this.running) await this.running;
    const n = this.changes;
    this.changes = 0;
    return n;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.idle();
  }

  private logNodeUnreachable(): void {
    this.logger.warn({ task: this.name }, 'EVM node unreachable; tried again next poll');
  }

  private async pass(chainDue: boolean): Promise<void> {
    if (await findHalt(this.engine.read)) return;
    await this.screeningPass();
    if (chainDue && !this.stopped) await this.chainPass();
  }

  /** SCREENING → BROADCASTING (C7, C9): the deny list, then the broadcaster; one that must wait does not hold back those behind it. */
  private async screeningPass(): Promise<void> {
    for (const w of await screeningRecords(this.engine.read)) {
      if (this.stopped) return;
      const kind = KINDS[w.resourceType];
      const r = await kind.load(this.engine.read, w.id);
      if (!r || r.status !== 'SCREENING') continue;
      if ((await leaveScreening(this.rail, kind, r, railContext(kind, r, this.driver, this.io))) === 'stopped') return;
    }
  }

  /** On the chain (C5–C8): each transfer not yet final, looked at by the tracker; an unreachable node ends the pass. */
  private async chainPass(): Promise<void> {
    const transfers = await transfersNotFinal(this.engine.read);
    if (transfers.length === 0) return;
    // C10: the count check at least once per poll while anything is in flight.
    if (!(await this.broadcaster.countCheck())) return;
    const look = { heads: await headsOf(this.chain, this.config.evm.finality), nodeUnreachable: false };
    this.chainLook = look;
    for (const t of transfers) {
      if (this.stopped || (await findHalt(this.engine.read))) return;
      const kind = KINDS[t.resourceType as EvmKindName];
      const r = await kind.load(this.engine.read, t.resourceId);
      if (!r || (r.status !== 'BROADCASTING' && r.status !== 'CONFIRMING')) continue;
      await track(this.rail, kind, r, this.driver, this.io);
      if (look.nodeUnreachable) {
        this.logNodeUnreachable();
        return;
      }
    }
  }
}
