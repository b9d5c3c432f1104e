// §18.4 rail status: the counts it prints, read in one place. Plain reads, no rules; the records' own rows
// through their modules.
import { count, isNull } from 'drizzle-orm';
import type { Exec } from '../../../db/exec.js';
import { countRefundsWaiting } from '../../refunds/index.js';
import { STATUS_INFO } from '../../transfers/index.js';
import { countWithdrawalsWaiting } from '../../withdrawals/index.js';

/** Records on the chain whose attempts are not yet final (C9 `EVM_MAX_INFLIGHT`). */
export async function countInflight(x: Exec): Promise<number> {
  const t = x.t.evmTransfers;
  return Number((await x.q.select({ n: count() }).from(t).where(isNull(t.finalAt)))[0]?.n ?? 0);
}

/** Withdrawals and refunds waiting in SCREENING for hot wallet capacity (C9). */
export async function countWaiting(x: Exec): Promise<number> {
  const [a, b] = await Promise.all([countWithdrawalsWaiting(x, STATUS_INFO.WAITING_CAPACITY), countRefundsWaiting(x, STATUS_INFO.WAITING_CAPACITY)]);
  return a + b;
}
