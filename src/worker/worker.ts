// §10.7 the durable worker: state lives in the records (a status and a due time), never in memory. Each
// round asks every task for its due records and takes one step of each in a transaction of its own; a
// step compares and sets (id, status), so a step another process took first, or a crash rolled back, is
// never applied twice. On start, overdue steps run at once.
import type { Logger } from 'pino';
import type { Engine } from '../db/engine.js';
import type { WorkerTask } from '../core/task.js';


const BATCH = 100;
/**
 * Steps of one round run this many at a time: each is its own transaction, and on SQLite concurrent ones
 * share a group commit (one fsync) instead of waiting for a disk flush each.
 */
const CONCURRENT_STEPS = 8;

export class Worker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private stopped = false;
  /** A round was asked for while one ran: the next one starts at once. */
  private woken = false;
  /** Steps applied by this worker since it was made (tests, the benchmark). */
  applied = 0;

  constructor(
    private readonly engine: Pick<Engine, 'read' | 'writer'>,
    private readonly tasks: readonly WorkerTask[],
    private readonly clock: () => Date,
    private readonly pollIntervalMs: number,
    private readonly logger: Logger,
  ) {
    for (const task of tasks) if ('start' in task) task.wake = () => this.wake();
  }

  private readonly tick = (): void => {
    if (this.stopped) return;
    this.timer = undefined;
    this.woken = false;
    this.round()
      .catch((err: unknown) => this.logger.error({ err }, 'worker round failed'))
      .finally(() => {
        if (!this.stopped) this.timer = setTimeout(this.tick, this.woken ? 0 : this.pollIntervalMs);
      });
  };

  start(): void {
    this.stopped = false;
    this.timer = setTimeout(this.tick, 0);
  }

  /** A round as soon as possible: now if the worker waits for its poll, right after the current one if one runs. */
  wake(): void {
    if (this.stopped) return;
    this.woken = true;
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = setTimeout(this.tick, 0);
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running?.catch(() => undefined);
    for (const task of this.tasks) if ('start' in task) await task.stop();
  }

  /** One round: a step of every due record; resolves with how many steps were applied. One round at a time. */
  round(): Promise<number> {
    const previous = this.running ?? Promise.resolve(0);
    const next = previous.catch(() => 0).then(() => this.once());
    this.running = next;
    return next;
  }

  /**
   * Rounds until nothing is due at the clock's time (tests move the clock, then drain); after each round
   * it waits for the work tasks left running (webhook attempts), whose outcome may make more due.
   */
  async drain(maxRounds = 1000): Promise<number> {
    let total = 0;
    for (let i = 0; i < maxRounds; i++) {
      const n = await this.round();
      let finished = 0;
      for (const task of this.tasks) if ('start' in task) finished += await task.idle();
      if (n === 0 && finished === 0) return total;
      total += n;
    }
    throw new Error(`worker: still busy after ${maxRounds} rounds`);
  }

  private async once(): Promise<number> {
    let applied = 0;
    for (const task of this.tasks) {
      const now = this.clock();
      const ids = await task.due(this.engine.read, now, BATCH);
      let next = 0;
      const lane = async () => {
        while (next < ids.length && !this.stopped) {
          const id = ids[next++]!;
          try {
            const done = 'start' in task ? await task.start(id, now) : await this.engine.writer.run((tx) => task.step(tx, id, now));
            if (done) {
              applied += 1;
              this.applied += 1;
            }
          } catch (err) {
            // The step rolled back; its record stays due and is tried again next round.
            this.logger.error({ err, task: task.name, id }, 'worker step failed');
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(CONCURRENT_STEPS, ids.length) }, lane));
    }
    return applied;
  }
}
