// §10.7 the sandbox simulator's worker task for one kind of record: one step per record each time it is
// due (SANDBOX_STEP_DELAY_MS after the last), taken in the worker's transaction — the simulator makes no
// network call. Only records on SANDBOX routes (§18 C1); the record modules mount it in sandbox mode.
import type { StepTask } from '../../core/task.js';
import type { Exec } from '../../db/exec.js';
import type { TransferKind } from './kind.js';
import { dueAfter, pipelineStates } from './rules.js';
import { sandboxRail } from './sandbox-rail.js';
import { leaveScreening, railContext, takeStep, track, type Driver } from './steps.js';

const FINAL = ['COMPLETED', 'REJECTED', 'FAILED'];

/**
 * One step of one record at `now`: false when it was not due (not in a processing state, not yet due,
 * or another process took the step first). Nothing but the record's own captured state and the rail
 * decide the course: a route disabled or a beneficiary removed after entry changes nothing (§10.6).
 */
export async function stepSandboxTransfer<Row extends object>(kind: TransferKind<Row>, delayMs: number, tx: Exec, id: string, now: Date): Promise<boolean> {
  const r = await kind.load(tx, id);
  const at = now.toISOString();
  if (!r || r.dueAt === null || r.dueAt > at || !(pipelineStates(kind.entry) as readonly string[]).includes(r.status)) return false;
  let took = false;
  const d: Driver = {
    at: () => at,
    dueAt: (to) => (FINAL.includes(to) ? null : dueAfter(now, delayMs)),
    took: () => (took = true),
  };
  const io = { read: tx, run: <T>(work: (x: Exec) => Promise<T>) => work(tx) };
  if (r.status === kind.entry) return takeStep(tx, kind, r, { step: 'enter' }, d);
  if (r.status === 'SCREENING') await leaveScreening(sandboxRail, kind, r, railContext(kind, r, d, io));
  else await track(sandboxRail, kind, r, d, io);
  return took;
}

/** The worker task that moves `kind`'s records on SANDBOX routes through the simulator. */
export function sandboxTransferTask<Row extends object>(kind: TransferKind<Row>, delayMs: number): StepTask {
  return {
    name: kind.name,
    due: async (db, now, limit) => (await kind.waiting(db, { rail: 'SANDBOX', statuses: pipelineStates(kind.entry), limit, dueBy: now.toISOString() })).map((w) => w.id),
    step: (tx, id, now) => stepSandboxTransfer(kind, delayMs, tx, id, now),
  };
}
