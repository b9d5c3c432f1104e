// §18 C5–C6 the block follower as a worker task: it polls every EVM_POLL_INTERVAL_MS on a loop of its own
// (the worker's round only starts it, and starts it again after a stop); each poll runs its own transactions.
import type { Config } from '../../../config.js';
import type { StartTask, TaskServices } from '../../../core/task.js';
import { chainOf, pollTimeoutMs } from '../chain.js';
import { Follower } from './follower.js';

/** C11: an error's message with every configured URL shown as its origin only. */
function redacted(config: Config, err: unknown): string {
  let message = err instanceof Error ? err.message : String(err);
  config.evm.rpcUrls.forEach((u, i) => {
    message = message.split(u.reveal()).join(config.evm.rpcOrigins[i] ?? '[rpc]');
  });
  return message.split('\n')[0]!;
}

/**
 * C5–C6: the block follower, polling every EVM_POLL_INTERVAL_MS on a loop of its own (the worker's round
 * only starts it, and starts it again after a stop); each poll runs its own transactions.
 */
export function followerTask(config: Config, services: TaskServices): StartTask {
  const interval = config.evm.pollIntervalMs;
  const chain = chainOf(config.evm, { timeoutMs: pollTimeoutMs(interval) })!;
  const follower = new Follower({ engine: services.engine, chain, evm: config.evm, clock: services.clock, logger: services.logger });
  let loop: Promise<void> | undefined;
  let stopped = false;
  let changes = 0;
  let wakeUp: (() => void) | undefined;
  let timer: NodeJS.Timeout | undefined;
  const pause = () =>
    new Promise<void>((resolve) => {
      wakeUp = resolve;
      timer = setTimeout(resolve, interval);
    });
  const run = async () => {
    while (!stopped) {
      try {
        const n = await follower.poll();
        changes += n;
        if (n > 0) task.wake?.();
      } catch (err) {
        services.logger.warn({ err: redacted(config, err) }, 'evm follower: poll failed; retried next poll');
      }
      if (!stopped) await pause();
    }
  };
  const task: StartTask = {
    name: 'evm-follower',
    due: async () => (loop === undefined ? ['follower'] : []),
    start: async () => {
      if (loop !== undefined) return false;
      stopped = false;
      loop = run();
      return true;
    },
    idle: async () => {
      const n = changes;
      changes = 0;
      return n;
    },
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      wakeUp?.();
      await loop;
      loop = undefined;
    },
  };
  return task;
}

