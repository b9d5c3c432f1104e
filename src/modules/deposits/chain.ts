// §18 C6 deposits detected on the chain (the EVM rail's follower calls these): created CONFIRMING at
// first inclusion with nothing credited, DROPPED by a reorganisation, CONFIRMING again when included
// again, and decided by §10.4 row 8 once their block is final. Each change is a transition (status,
// event and ledger rows in the caller's transaction, E1–E8); uq_evm_deposit_tx is the last guard against
// a second process or a rescan creating one twice.
import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { Exec } from '../../db/exec.js';
import { transition } from '../lifecycle/index.js';
import { requireCreditFits } from '../ledger/index.js';
import type { RouteRow } from '../routes/index.js';
import { findChainDeposit, findDeposit, insertDepositIfAbsent, listConfirmingDeposits, setDepositBlockHash } from './repository.js';
import { arrivalStatus, DEPOSIT_STATUS_INFO, depositLifecycle, publishNewDeposit, travelRuleRequired } from './rules.js';
import type { CryptoDepositRow } from './tables.js';

/** One matching transfer's sum (C12–C13) into a customer's address on one route, in one block. */
export type ChainInclusion = {
  route: Pick<RouteRow, 'routeCode' | 'blockchain' | 'currency' | 'currencyScale' | 'travelRuleThresholdMinor'>;
  customerId: string;
  clientId: string;
  /** The customer's EIP-55 deposit address (C4). */
  toAddress: string;
  /** Lower case (C13). */
  txHash: string;
  /** EIP-55: the `from` of the lowest logIndex (native: the sender). */
  fromAddress: string;
  amountMinor: string;
  units: string;
  blockNumber: number;
  blockHash: string;
};

export type InclusionOutcome = 'created' | 'reincluded' | 'updated' | 'unchanged';

/** C6: the deposit of an inclusion: new → CONFIRMING; DROPPED → CONFIRMING; CONFIRMING elsewhere → `updated`. */
export async function includeChainDeposit(tx: Exec, i: ChainInclusion, at: string): Promise<InclusionOutcome> {
  const required = travelRuleRequired(i.route, i.amountMinor);
  const existing = await findChainDeposit(tx, i.route.routeCode, i.route.blockchain, i.txHash, i.toAddress);
  const inclusion = {
    amountMinor: i.amountMinor,
    units: i.units,
    fromAddress: i.fromAddress,
    blockNumber: i.blockNumber,
    blockHash: i.blockHash,
    travelRuleRequired: required,
  };
  if (!existing) {
    const depositId = randomUUID();
    const row = await insertDepositIfAbsent(tx, {
      depositId,
      customerId: i.customerId,
      clientId: i.clientId,
      routeCode: i.route.routeCode,
      blockchain: i.route.blockchain,
      currency: i.route.currency,
      currencyScale: i.route.currencyScale,
      toAddress: i.toAddress,
      txHash: i.txHash,
      status: 'CONFIRMING',
      statusInfo: DEPOSIT_STATUS_INFO.CONFIRMING,
      travelRuleSubmittedAt: null,
      travelRuleOriginator: null,
      creditedAt: null,
      finalizedAt: null,
      createdAt: at,
      updatedAt: at,
      ...inclusion,
    });
    // §18.5: another process (or an earlier pass) created it: no second row, no event.
    if (!row) return 'unchanged';
    await publishNewDeposit(tx, row);
    return 'created';
  }
  if (existing.status === 'DROPPED') {
    const row = await transition(tx, depositLifecycle, { id: existing.depositId, from: 'DROPPED', to: 'CONFIRMING', at, set: inclusion });
    return row ? 'reincluded' : 'unchanged';
  }
  if (existing.status !== 'CONFIRMING') return 'unchanged';
  // C6 (settled 2026-12-07): a re-inclusion, at another height or the same, takes amount, fromAddress,
  // blockNumber and travelRuleRequired from the new block; what a partner sees changed → `.updated` (§18.1).
  const seen =
    existing.blockNumber !== i.blockNumber ||
    existing.amountMinor !== i.amountMinor ||
    existing.fromAddress !== i.fromAddress ||
    existing.travelRuleRequired !== required;
  if (seen) {
    const row = await transition(tx, depositLifecycle, { id: existing.depositId, from: 'CONFIRMING', to: 'CONFIRMING', at, set: inclusion });
    return row ? 'updated' : 'unchanged';
  }
  // Another block with the same content for the partner: its hash and units, shown nowhere, without an event.
  if (existing.blockHash !== i.blockHash || existing.units !== i.units)
    await setDepositBlockHash(tx, existing.depositId, 'CONFIRMING', i.blockHash, i.units);
  return 'unchanged';
}

/** C6: the CONFIRMING deposits in blocks above `ancestor` were removed by a reorganisation → DROPPED. */
export async function dropChainDepositsAbove(tx: Exec, ancestor: number, at: string): Promise<number> {
  let dropped = 0;
  for (;;) {
    const rows = await listConfirmingDeposits(tx, { above: ancestor, limit: 100 });
    if (rows.length === 0) return dropped;
    for (const d of rows) {
      const row = await transition(tx, depositLifecycle, {
        id: d.depositId,
        from: 'CONFIRMING',
        to: 'DROPPED',
        at,
        set: { blockNumber: null, blockHash: null },
      });
      if (!row) throw new Error(`deposit ${d.depositId} left CONFIRMING inside the transaction`);
      dropped += 1;
    }
  }
}

/** C6: CONFIRMING deposits whose block is at or below `finalized`, oldest block first. */
export function confirmingDepositsUpTo(x: Exec, finalized: number, limit: number): Promise<CryptoDepositRow[]> {
  return listConfirmingDeposits(x, { atOrBelow: finalized, limit });
}

/**
 * C6: the step at finality, §10.4 row 8 (the shared rule): FROZEN, PENDING_TRAVEL_RULE, or COMPLETED with
 * one DEPOSIT row, `creditedAt` the time of this step. Taken only while the deposit is still CONFIRMING in
 * the block `blockHash` (re-read here); false when it is not (another process decided it, or it moved).
 */
export async function decideFinalDeposit(tx: Exec, depositId: string, blockHash: string, at: string): Promise<boolean> {
  const d = await findDeposit(tx, depositId);
  if (!d || d.status !== 'CONFIRMING' || d.blockHash !== blockHash) return false;
  const status = await arrivalStatus(tx, d);
  // §4: a credit past the balance's bound is refused; the deposit stays CONFIRMING (tried again each poll).
  if (status === 'COMPLETED') await requireCreditFits(tx, d);
  const row = await transition(tx, depositLifecycle, {
    id: d.depositId,
    from: 'CONFIRMING',
    to: status,
    at,
    set: { finalizedAt: at, creditedAt: status === 'COMPLETED' ? at : null },
    ledger: status === 'COMPLETED' ? [{ type: 'DEPOSIT', amountMinor: BigInt(d.amountMinor) }] : [],
  });
  return row !== undefined;
}

/** C10 (settled): which of these block numbers hold a deposit (the follower keeps such blocks for good). */
export async function blocksHoldingDeposits(x: Exec, blockNumbers: number[]): Promise<Set<number>> {
  const held = new Set<number>();
  const t = x.t.cryptoDeposits;
  // In slices: the list is every stored final block below the kept window.
  for (let i = 0; i < blockNumbers.length; i += 500) {
    const rows = await x.q
      .selectDistinct({ n: t.blockNumber })
      .from(t)
      .where(inArray(t.blockNumber, blockNumbers.slice(i, i + 500)));
    for (const r of rows) if (r.n !== null) held.add(r.n);
  }
  return held;
}
