// §18 C5, C13, §18.3: what the follower reads from the node — blocks by number (with their transactions),
// headers, receipts, and the tokens' Transfer logs (one range query on catch-up, else by the block's hash;
// never by number alone: a reorganised block's logs differ). No database here. An answer the node cannot
// give yet (a block it does not have, a pending one, a missing receipt, an empty log answer the block's
// bloom contradicts) is a `NotYet`, returned, not thrown: the poll stops there and the next one asks again.
import type { Logger } from 'pino';
import { BlockNotFoundError, decodeEventLog, TransactionReceiptNotFoundError, type Hex } from 'viem';
import type { Chain } from '../chain.js';
import { isRangeRefusal, LogRange } from './log-range.js';
import { bloomHas, logsByBlock, TRANSFER, TRANSFER_TOPIC, transferLog, type LogWindow, type TransferLog } from './transfer-logs.js';

/** The node cannot answer this yet: not an error; the poll stops here and the next one asks again. */
export class NotYet {
  constructor(readonly why: string) {}
}

/** A transaction of a block as the follower keeps it (addresses and hashes lower-case). */
export type ChainTx = { hash: string; from: string; to: string | null; value: bigint; nonce: number };
export type ChainBlock = { number: number; hash: string; parentHash: string; logsBloom: string | null; txs: ChainTx[] };
type Receipt = Awaited<ReturnType<Chain['getTransactionReceipt']>>;

/** An empty log answer that the block's bloom contradicts is asked again this many polls before the receipts decide. */
const BLOOM_DOUBTS = 3;

export class ChainReader {
  /** Empty answers doubted so far, per block hash (C13: never trust an empty answer blindly). */
  private readonly doubts = new Map<string, number>();
  private readonly range: LogRange;

  constructor(
    private readonly chain: Chain,
    private readonly logger: Logger,
    logRangeMax: number,
  ) {
    this.range = new LogRange(logRangeMax);
  }

  async block(n: number): Promise<ChainBlock | NotYet> {
    try {
      const b = await this.chain.getBlock({ blockNumber: BigInt(n), includeTransactions: true });
      if (b.hash === null || b.number === null) return new NotYet(`block ${n} pending`);
      return {
        number: Number(b.number),
        hash: b.hash.toLowerCase(),
        parentHash: b.parentHash.toLowerCase(),
        logsBloom: b.logsBloom,
        txs: b.transactions.map((t) => ({
          hash: t.hash.toLowerCase(),
          from: t.from.toLowerCase(),
          to: t.to ? t.to.toLowerCase() : null,
          value: t.value,
          nonce: t.nonce,
        })),
      };
    } catch (err) {
      // A node that does not have the block yet (lagging, or the head moved back): next poll.
      if (err instanceof BlockNotFoundError) return new NotYet(`block ${n} not found`);
      throw err;
    }
  }

  /** The hash (lower case) of the block of that number. */
  async blockHash(n: number): Promise<string | NotYet> {
    try {
      const b = await this.chain.getBlock({ blockNumber: BigInt(n) });
      if (b.hash === null) return new NotYet(`block ${n} pending`);
      return b.hash.toLowerCase();
    } catch (err) {
      if (err instanceof BlockNotFoundError) return new NotYet(`block ${n} not found`);
      throw err;
    }
  }

  /** The transaction's receipt, as included in `blockHash` (a receipt of another block: not yet). */
  async receiptIn(hash: string, blockHash: string): Promise<Receipt | NotYet> {
    let receipt: Receipt;
    try {
      receipt = await this.chain.getTransactionReceipt({ hash: hash as Hex });
    } catch (err) {
      if (err instanceof TransactionReceiptNotFoundError) return new NotYet(`receipt ${hash} not found`);
      throw err;
    }
    return receipt.blockHash.toLowerCase() === blockHash ? receipt : new NotYet('receipt of another block');
  }

  /**
   * §18.3: the tokens' Transfer logs of blocks `from` up to at most `last`, EVM_LOG_RANGE_MAX blocks or
   * fewer after a refusal; a window of no tokens when there are none, or when the query failed (each block
   * then asks by its hash).
   */
  async logWindow(from: number, last: number, tokens: Hex[]): Promise<LogWindow> {
    // No token routes: a window with no logs, so the blocks it covers do not ask again.
    if (tokens.length === 0) return { from, to: last, tokens: '', byBlock: new Map() };
    for (;;) {
      const to = Math.min(last, from + this.range.blocks - 1);
      try {
        const logs = await this.chain.getLogs({ fromBlock: BigInt(from), toBlock: BigInt(to), address: tokens, event: TRANSFER, strict: true });
        this.range.answered();
        return { from, to, tokens: tokens.join(), byBlock: logsByBlock(logs) };
      } catch (err) {
        // A refusal of the range: at once again with half as many blocks, down to one.
        if (isRangeRefusal(err) && to > from) {
          const blocks = this.range.refused();
          this.logger.warn({ from, to, blocks }, 'evm follower: the node refused a log range; querying fewer blocks');
          continue;
        }
        // Not a reason to stop: each block of the range asks by its hash.
        return { from, to, tokens: '', byBlock: new Map() };
      }
    }
  }

  /** C13: the tokens' Transfer logs of the block: from the range query when it covered the block, else by its hash. */
  async transferLogs(block: ChainBlock, tokens: Hex[], window: LogWindow | undefined): Promise<TransferLog[] | NotYet> {
    if (tokens.length === 0) return [];
    return this.fromWindow(block, tokens, window) ?? this.byHash(block, tokens);
  }

  /**
   * The block's logs from a range query, when the range covered it for the same tokens and what it holds for
   * that number is of this block's hash alone; an empty answer counts only when the block's bloom agrees
   * (C13). Undefined: ask by the block's hash.
   */
  private fromWindow(block: ChainBlock, tokens: Hex[], window: LogWindow | undefined): TransferLog[] | undefined {
    if (!window || block.number < window.from || block.number > window.to || window.tokens !== [...tokens].sort().join()) return undefined;
    const entries = window.byBlock.get(block.number) ?? [];
    if (entries.length === 0) return this.bloomMayHold(block, tokens) ? undefined : [];
    return entries.length === 1 && entries[0]!.hash === block.hash ? entries[0]!.logs : undefined;
  }

  /** The tokens' Transfer logs of one block, by its hash. */
  private async byHash(block: ChainBlock, tokens: Hex[]): Promise<TransferLog[] | NotYet> {
    const logs = await this.chain.getLogs({ blockHash: block.hash as Hex, address: tokens, event: TRANSFER, strict: true });
    let found: TransferLog[] | NotYet = logs.filter((l) => !l.removed && l.blockHash?.toLowerCase() === block.hash).map(transferLog);
    if (found.length === 0 && this.bloomMayHold(block, tokens)) {
      // The bloom says the block may hold such logs: an empty answer may come from a node without the
      // block. Asked again next poll; after that the block's receipts decide (a bloom may say "maybe" for
      // a block without such logs, and the receipts hold every log of the block).
      const doubted = (this.doubts.get(block.hash) ?? 0) + 1;
      this.doubts.set(block.hash, doubted);
      if (doubted < BLOOM_DOUBTS) return new NotYet(`empty logs for block ${block.number}`);
      found = await this.fromReceipts(block, tokens);
      if (found instanceof NotYet) return found;
    }
    this.doubts.delete(block.hash);
    return found;
  }

  /** Whether the block's logs bloom may hold a Transfer of one of the tokens. */
  private bloomMayHold(block: ChainBlock, tokens: Hex[]): boolean {
    const bloom = block.logsBloom;
    return bloom !== null && bloomHas(bloom, TRANSFER_TOPIC) && tokens.some((t) => bloomHas(bloom, t));
  }

  private async fromReceipts(block: ChainBlock, tokens: Hex[]): Promise<TransferLog[] | NotYet> {
    const wanted = new Set(tokens.map((t) => t.toLowerCase()));
    const found: TransferLog[] = [];
    for (const t of block.txs) {
      const receipt = await this.receiptIn(t.hash, block.hash);
      if (receipt instanceof NotYet) return receipt;
      for (const l of receipt.logs) {
        if (!wanted.has(l.address.toLowerCase()) || l.topics.length !== 3 || l.topics[0]?.toLowerCase() !== TRANSFER_TOPIC) continue;
        const e = decodeEventLog({ abi: [TRANSFER], data: l.data, topics: l.topics, strict: false });
        if (!e.args.from || !e.args.to || e.args.value === undefined) continue;
        found.push({ txHash: t.hash, token: l.address.toLowerCase(), from: e.args.from.toLowerCase(), to: e.args.to.toLowerCase(), value: e.args.value, logIndex: l.logIndex });
      }
    }
    return found;
  }
}
