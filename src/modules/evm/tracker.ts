// §18 C5–C8 the EVM rail's tracker: what the chain shows of a transfer in BROADCASTING or CONFIRMING —
// a receipt of one of its attempts on the canonical chain (accepted → CONFIRMING), the including block
// final (succeeded → COMPLETED, reverted → FAILED), a reorganisation that took the inclusion, its nonce
// taken by a transaction that is none of its attempts; and, while nothing shows, the replacement (C8)
// and every stored attempt sent again until one is included. The pipeline (transfers/steps.ts) takes the
// steps, each with the rail's record of it in the same transaction.
import { BlockNotFoundError, TransactionReceiptNotFoundError, type Hex, type TransactionReceipt } from 'viem';
import type { Logger } from 'pino';
import type { Engine } from '../../db/engine.js';
import type { Exec } from '../../db/exec.js';
import type { RailContext, Shown, TransferRecord } from '../transfers/index.js';
import type { EvmBroadcaster } from './broadcaster.js';
import type { Chain } from './chain.js';
import { isFinal, type Heads } from './finality.js';
import type { EvmTransferRow } from './tables.js';
import { attemptsOf, findEvmTransfer, updateEvmTransfer } from './transfers-repository.js';

/** What one look at a transfer found: the steps it shows, or that the node could not be reached. */
export type Look = { shown: Shown[] } | { unreachable: true };

export class EvmTracker {
  constructor(
    private readonly engine: Pick<Engine, 'read' | 'writer'>,
    private readonly clock: () => Date,
    private readonly logger: Logger,
    private readonly chain: Chain,
    private readonly broadcaster: EvmBroadcaster,
  ) {}

  private async blockAt(number: number) {
    return this.chain.getBlock({ blockNumber: BigInt(number) }).catch((err: unknown) => {
      if (err instanceof BlockNotFoundError) return undefined;
      throw err;
    });
  }

  private async receiptOf(hash: string): Promise<TransactionReceipt | undefined> {
    return this.chain.getTransactionReceipt({ hash: hash as Hex }).catch((err: unknown) => {
      if (err instanceof TransactionReceiptNotFoundError) return undefined;
      throw err;
    });
  }

  /** At finality of the including block: success → COMPLETED, reverted → FAILED "Transaction failed on chain". */
  private decision(resourceId: string, receiptStatus: string | null): Shown {
    const at = this.clock().toISOString();
    const record = (tx: Exec) => updateEvmTransfer(tx, resourceId, { finalAt: at, updatedAt: at });
    return receiptStatus === 'success' ? { step: { step: 'succeeded' }, record } : { step: { step: 'failed', stage: 'CONFIRMING' }, record };
  }

  async look(r: TransferRecord, ctx: RailContext, heads: Heads): Promise<Look> {
    const t = await findEvmTransfer(this.engine.read, r.id);
    if (!t) return { shown: [] };
    const attempts = await attemptsOf(this.engine.read, t.resourceId);
    if (t.includedBlockNumber !== null && t.includedBlockHash !== null) {
      const block = await this.blockAt(t.includedBlockNumber);
      if (block?.hash === t.includedBlockHash) return { shown: isFinal(t.includedBlockNumber, heads) ? [this.decision(t.resourceId, t.receiptStatus)] : [] };
      // C7: a reorganisation took the inclusion; the status stays, every attempt is sent again below.
      await this.engine.writer.run((tx) =>
        updateEvmTransfer(tx, t.resourceId, { includedTxHash: null, includedBlockNumber: null, includedBlockHash: null, receiptStatus: null, updatedAt: this.clock().toISOString() }),
      );
    }
    for (const a of attempts) {
      const receipt = await this.receiptOf(a.txHash);
      if (!receipt) continue;
      // On the canonical chain: CONFIRMING (or `updated` when another attempt is now the included one).
      const hash = receipt.transactionHash.toLowerCase();
      const at = this.clock().toISOString();
      const inclusion: Shown = {
        step: { step: 'accepted', reference: hash },
        record: (tx) =>
          updateEvmTransfer(tx, t.resourceId, {
            includedTxHash: hash,
            includedBlockNumber: Number(receipt.blockNumber),
            includedBlockHash: receipt.blockHash,
            receiptStatus: receipt.status,
            updatedAt: at,
          }),
      };
      return { shown: isFinal(Number(receipt.blockNumber), heads) ? [inclusion, this.decision(t.resourceId, receipt.status)] : [inclusion] };
    }
    const taken = await this.nonceTakenOf(r, t, heads);
    if (taken) return { shown: [taken] };
    if (r.status === 'BROADCASTING') {
      const replacement = await this.broadcaster.replace(r, t, attempts, heads, ctx);
      if (replacement) attempts.push(replacement);
    }
    return (await this.broadcaster.send(attempts, heads.head)) === 'unreachable' ? { unreachable: true } : { shown: [] };
  }

  /**
   * C7 (§18.6 settled): its nonce taken in a final block by a transaction that is none of its attempts —
   * that transaction itself, as the follower noted it, still in the canonical chain: FAILED "Broadcast
   * failed". A count above the nonce with no receipt is no evidence (a lagging node answers null): the
   * attempts are sent again and receipts asked next poll.
   */
  private async nonceTakenOf(r: TransferRecord, t: EvmTransferRow, heads: Heads): Promise<Shown | undefined> {
    if (t.takenByTxHash === null || t.takenInBlock === null || !isFinal(t.takenInBlock, heads)) return undefined;
    const block = await this.blockAt(t.takenInBlock);
    if (block?.hash?.toLowerCase() !== t.takenBlockHash?.toLowerCase()) return undefined;
    this.logger.warn({ resourceId: r.id, nonce: t.nonce, txHash: t.takenByTxHash, blockNumber: t.takenInBlock }, 'the nonce went to a transaction that is none of the attempts');
    const at = this.clock().toISOString();
    return { step: { step: 'failed', stage: 'BROADCASTING' }, record: (tx) => updateEvmTransfer(tx, t.resourceId, { finalAt: at, updatedAt: at }) };
  }
}
