// §18.4 `rail resume` (C10): lifts a halt only when what caused it is over, never by changing a ledger row.
// FOREIGN_TRANSACTION: once every transaction of the hot address is final (else NONCE_NOT_FINAL), records
// whose nonce a foreign transaction took (the follower noted it, §18.6) fail "Broadcast failed" (RELEASE), the counter moves past every
// nonce the chain or the service used, and the halt goes — one transaction. FINALITY_LOST: once every final
// block the follower recorded (the one the halt names included) is canonical again; `--accept-reorg` lifts
// it regardless (audited). SIGNER_MISMATCH: the signer is the
// operator's to fix; resume lifts it. RAIL_OFF: only configuring the rail lifts it (at the server's start).
import { randomUUID } from 'node:crypto';
import type { Hex } from 'viem';
import type { EvmConfig } from '../../../config/evm.js';
import { insertAuditEvent } from '../../../db/audit-repository.js';
import type { Engine } from '../../../db/engine.js';
import type { Exec } from '../../../db/exec.js';
import { transition } from '../../lifecycle/index.js';
import { lifecycleOf, STATUS_INFO } from '../../transfers/index.js';
import { KINDS } from '../kinds.js';
import type { Chain } from '../chain.js';
import { lostBlockOf } from './halts.js';
import { headsOf } from '../finality.js';
import { deleteHalt, finalBlocks, findHalt, findRail, raiseNonceCounter } from './repository.js';
import { RailRefusal } from './status.js';
import { transfersNotFinal, updateEvmTransfer } from '../transfers-repository.js';

/** The operator's audit trail of the rail (§8): its rows are under this client id (`partnerctl audit --client operator`). */
export const OPERATOR_AUDIT_CLIENT = 'operator';

export type ResumeOptions = { acceptReorg: boolean; now: () => Date };

/** Lifts the halt, or refuses (RailRefusal) saying what still holds it; 'running' when there was none. */
export async function resumeRail(db: Pick<Engine, 'read' | 'writer'>, chain: Chain, evm: EvmConfig, o: ResumeOptions): Promise<'lifted' | 'running'> {
  const halt = await findHalt(db.read);
  if (!halt) return 'running';
  switch (halt.reason) {
    case 'RAIL_OFF':
      throw new RailRefusal('INVALID_STATE', 'RAIL_OFF is lifted by configuring the rail (EVM_RPC_URLS) and starting the server');
    case 'FOREIGN_TRANSACTION':
      await resumeForeign(db, chain, evm, o);
      return 'lifted';
    case 'FINALITY_LOST':
      await resumeFinality(db, chain, halt.detail, o);
      return 'lifted';
    default:
      await db.writer.run((tx) => deleteHalt(tx));
      return 'lifted';
  }
}

async function resumeForeign(db: Pick<Engine, 'read' | 'writer'>, chain: Chain, evm: EvmConfig, o: ResumeOptions): Promise<void> {
  const rail = await findRail(db.read);
  if (!rail) throw new RailRefusal('INVALID_STATE', 'the rail has not started yet');
  const hot = rail.hotAddress as Hex;
  const heads = await headsOf(chain, evm.finality);
  const [latest, final] = await Promise.all([
    chain.getTransactionCount({ address: hot, blockTag: 'latest' }),
    heads.finalized >= 0 ? chain.getTransactionCount({ address: hot, blockNumber: BigInt(heads.finalized) }) : Promise.resolve(0),
  ]);
  if (final < latest)
    throw new RailRefusal('INVALID_STATE', `NONCE_NOT_FINAL: the hot address has ${latest} transactions at latest, ${final} of them final; resume once all are`);
  // §18.6 C7 settled: records whose nonce a transaction that is none of their attempts took, as the follower
  // noted it (hash, block) — now final. A record without that evidence is not failed (a lagging node may
  // not answer its receipt yet): the sender goes on with it, and should the follower find such a
  // transaction later, it halts the rail again.
  const taken: { resourceId: string; resourceType: string }[] = [];
  let highestPending = -1;
  for (const t of await transfersNotFinal(db.read)) {
    if (t.takenByTxHash !== null && t.takenInBlock !== null && t.takenInBlock <= heads.finalized) taken.push(t);
    else highestPending = Math.max(highestPending, t.nonce);
  }
  await db.writer.run(async (tx) => {
    const at = o.now().toISOString();
    for (const t of taken) await failTaken(tx, t, at);
    await raiseNonceCounter(tx, hot, Math.max(latest, highestPending + 1), at);
    await deleteHalt(tx);
  });
}

/** C10 / C7: a record whose nonce another transaction took: FAILED "Broadcast failed", its hold released. */
async function failTaken(tx: Exec, t: { resourceId: string; resourceType: string }, at: string): Promise<void> {
  const kind = KINDS[t.resourceType as keyof typeof KINDS];
  const r = await kind.load(tx, t.resourceId);
  if (r && (r.status === 'BROADCASTING' || r.status === 'CONFIRMING')) {
    await transition(tx, lifecycleOf(kind), {
      id: r.id,
      from: r.status,
      to: 'FAILED',
      at,
      statusInfo: STATUS_INFO.FAILED_BROADCAST,
      set: { dueAt: null },
      ledger: [{ type: 'RELEASE', amountMinor: r.amountMinor + r.feeMinor }],
    });
  }
  await updateEvmTransfer(tx, t.resourceId, { finalAt: at, updatedAt: at });
}

async function resumeFinality(db: Pick<Engine, 'read' | 'writer'>, chain: Chain, detail: string, o: ResumeOptions): Promise<void> {
  // The block the halt names, then every final block still recorded: each must be canonical.
  const lost = lostBlockOf(detail);
  const recorded = [...(lost ? [lost] : []), ...(await finalBlocks(db.read)).map((b) => ({ number: b.number, hash: b.hash.toLowerCase() }))];
  let gone: number | undefined;
  for (const b of recorded) {
    const block = await chain.getBlock({ blockNumber: BigInt(b.number) }).catch(() => undefined);
    if (block?.hash?.toLowerCase() !== b.hash) {
      gone = b.number;
      break;
    }
  }
  if (gone !== undefined && !o.acceptReorg)
    throw new RailRefusal('INVALID_STATE', `final block ${gone} is not canonical: resume once it is again, or accept the reorganisation with --accept-reorg`);
  await db.writer.run(async (tx) => {
    const at = o.now().toISOString();
    // The follower has already walked back and goes on from the canonical chain; no ledger row changes.
    if (gone !== undefined)
      await insertAuditEvent(tx, {
        at,
        requestId: randomUUID(),
        clientId: OPERATOR_AUDIT_CLIENT,
        operation: 'rail.resume --accept-reorg',
        targetId: `block ${gone}`,
        status: 200,
        problemCode: null,
        resultId: null,
        replayed: false,
        idempotencyKey: null,
        evidenceUserRef: null,
        evidencePolicyRef: null,
        evidenceMfaRef: null,
      });
    await deleteHalt(tx);
  });
}
