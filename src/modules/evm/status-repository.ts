// §18.4 rail status: the counts it prints, read in one place. Plain reads, no rules.
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Exec } from '../../db/exec.js';
import { STATUS_INFO } from '../transfers/index.js';


/** Records on the chain whose attempts are not yet final (C9 `EVM_MAX_INFLIGHT`). */
export async function countInflight(x: Exec): Promise<number> {
  const t = x.t.evmTransfers;
  return Number((await x.q.select({ n: count() }).from(t).where(isNull(t.finalAt)))[0]?.n ?? 0);
}

/** Withdrawals and refunds waiting in SCREENING for hot wallet capacity (C9). */
export async function countWaiting(x: Exec): Promise<number> {
  const w = x.t.cryptoWithdrawals;
  const r = x.t.cryptoRefunds;
  const [a, b] = await Promise.all([
    x.q.select({ n: count() }).from(w).where(and(eq(w.status, 'SCREENING'), eq(w.statusInfo, STATUS_INFO.WAITING_CAPACITY))),
    x.q.select({ n: count() }).from(r).where(and(eq(r.status, 'SCREENING'), eq(r.statusInfo, STATUS_INFO.WAITING_CAPACITY))),
  ]);
  return Number(a[0]?.n ?? 0) + Number(b[0]?.n ?? 0);
}

/** The token contracts of every EVM route (EIP-55, each once, in order). */
export async function evmTokenContracts(x: Exec): Promise<string[]> {
  const t = x.t.routes;
  const rows = await x.q
    .selectDistinct({ token: t.tokenContract })
    .from(t)
    .where(and(eq(t.rail, 'EVM'), sql`${t.tokenContract} is not null`))
    .orderBy(t.tokenContract);
  return rows.map((r) => r.token!);
}
