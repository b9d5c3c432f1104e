// §18 C5, C6, C10, C12, C13: the block follower. Each poll reads the head and finality, then every next
// block by number up to the head — never skipping one: a block the node does not have yet, an error or a
// suspicious answer stops the poll and the next one tries again. A block is taken only when its parent is
// the stored block below it; otherwise the follower walks back to the common ancestor, and what lay above
// it is orphaned (its CONFIRMING deposits → DROPPED; a final one → FINALITY_LOST). Network calls are made
// outside database transactions; each block — on catch-up each run of up to BLOCKS_PER_WRITE blocks — is
// written in one transaction that first moves the follower's position by compare-and-set, so several
// processes on one database take each block once, and uq_evm_deposit_tx is the last guard (a violation:
// the deposit exists, no second row, no event). On catch-up the tokens' logs of many blocks come in one
// query (§18.3 EVM_LOG_RANGE_MAX), and a block uses them only when they carry its hash; otherwise it asks
// by its hash as at the head.
import { finalityLostDetail } from '../rail/halts.js';
import type { Logger } from 'pino';
import { BlockNotFoundError, decodeEventLog, getAddress, TransactionReceiptNotFoundError, type Hex } from 'viem';
import type { EvmConfig } from '../../../config/evm.js';
import type { Engine } from '../../../db/engine.js';
import type { Exec } from '../../../db/exec.js';
import { confirmingDepositsUpTo, decideFinalDeposit, dropChainDepositsAbove, includeChainDeposit } from '../../deposits/index.js';
import type { Chain } from '../chain.js';
import { headsOf, type Heads } from '../finality.js';
import { bloomHas, logsByBlock, TRANSFER, TRANSFER_TOPIC, transferLog, type LogWindow, type TransferLog } from './transfer-logs.js';
import {
  addUnattributed,
  advanceFollower,
  advanceRescan,
  deleteBlocksAbove,
  depositAddressesAmong,
  evmRouteOf,
  evmTokenKeys,
  findBlock,
  insertBlock,
  knownAttempts,
  markBlocksFinal,
  pruneBlocks,
  type DepositAddress,
} from './repository.js';
import { isRangeRefusal, LogRange } from './log-range.js';
import { ensureFollower, findFollower, findHalt, findRail, insertHalt, updateFollower } from '../rail/repository.js';
import type { EvmFollowerRow } from '../tables.js';
import { forgetNoncesTakenAbove, noteNonceTaken } from '../transfers-repository.js';

/** Blocks read per poll (the rest next poll, at once): a poll stays short, and its work visible. */
const BLOCKS_PER_POLL = 200;
/** Blocks asked for ahead of the one being checked, on catch-up (their answers are checked in order all the same). */
const BLOCKS_AHEAD = 6;
/** Blocks written in one transaction on catch-up, each checked against its parent before any is written. */
const BLOCKS_PER_WRITE = 25;
/**
 * Final blocks kept below finality for reorganisation checks, at least: C10 (settled) keeps every block for
 * at least 2 × the finality depth after it became final (the window grows with EVM_FINALITY), and the
 * blocks that hold a deposit or an included attempt for good (pruneBlocks).
 */
const FINAL_WINDOW = 128;

/** C10 (settled): how many final blocks below finality stay stored and checked (2 × the depth, at least FINAL_WINDOW). */
export const keptFinalBlocks = (heads: Heads): number => Math.max(FINAL_WINDOW, 2 * (heads.head - heads.finalized));
/** An empty log answer that the block's bloom contradicts is asked again this many polls before the receipts decide. */
const BLOOM_DOUBTS = 3;

export type FollowerDeps = {
  engine: Pick<Engine, 'read' | 'writer'>;
  chain: Chain;
  evm: Pick<EvmConfig, 'finality' | 'minDepositMinor' | 'logRangeMax'>;
  clock: () => Date;
  logger: Logger;
};

type ChainTx = { hash: string; from: string; to: string | null; value: bigint; nonce: number };
type ChainBlock = { number: number; hash: string; parentHash: string; logsBloom: string | null; txs: ChainTx[] };

/** One (transaction, address, token) sum of C12, before its route is known. */
type Group = { txHash: string; address: DepositAddress; tokenKey: string; units: bigint; from: string; logIndex: number };
type Matches = { groups: Group[]; foreign: ChainTx[] };

/** Why a poll stopped early: not an error, the next poll tries again. */
class Wait extends Error {}

/** The changes made before a Wait, which ends this part of the poll. */
async function waiting(p: Promise<number>): Promise<number> {
  try {
    return await p;
  } catch (err) {
    if (err instanceof Wait) return 0;
    throw err;
  }
}

export class Follower {
  /** Empty answers doubted so far, per block hash (C13: never trust an empty answer blindly). */
  private readonly doubts = new Map<string, number>();
  private readonly range: LogRange;

  constructor(private readonly d: FollowerDeps) {
    this.range = new LogRange(d.evm.logRangeMax);
  }

  private now(): string {
    return this.d.clock().toISOString();
  }

  private write<T>(work: (tx: Exec) => Promise<T>): Promise<T> {
    return this.d.engine.writer.run(work);
  }

  /** One poll; resolves with how many records and positions it changed (0: nothing new). */
  async poll(): Promise<number> {
    try {
      return await this.pollOnce();
    } catch (err) {
      if (err instanceof Wait) return 0;
      throw err;
    }
  }

  private async pollOnce(): Promise<number> {
    const heads = await headsOf(this.d.chain, this.d.evm.finality);
    let follower = await findFollower(this.d.engine.read);
    if (!follower || follower.nextBlock === null) {
      // Created at the current head when the rail's start has not created it yet.
      const at = this.now();
      await this.write(async (tx) => {
        await ensureFollower(tx, heads.head, at);
        const f = await findFollower(tx);
        if (f && f.nextBlock === null) await updateFollower(tx, { nextBlock: heads.head, updatedAt: at });
      });
      follower = (await findFollower(this.d.engine.read))!;
    }
    let changes = await waiting(this.forward(follower.nextBlock!, heads));
    follower = (await findFollower(this.d.engine.read))!;
    if (follower.rescanFrom !== null) changes += await waiting(this.rescan(follower));
    // Final blocks are decided even when reading stopped early: they are stored and checked already.
    changes += await this.finality(heads, follower.nextBlock!);
    return changes;
  }

  /**
   * Reads the blocks from `next` up to the head, one by one, each checked against its parent (the stored
   * tip, or the block read before it), and writes them in runs of up to BLOCKS_PER_WRITE.
   */
  private async forward(start: number, heads: Heads): Promise<number> {
    let next = start;
    let changes = 0;
    // The stored tip must still be canonical: a reorganisation at the same height shows here first.
    const tip = await findBlock(this.d.engine.read, next - 1);
    if (tip) {
      const header = await this.header(next - 1);
      if (header.hash !== tip.hash) return this.reorganise(next);
    }
    let window: LogWindow | undefined;
    /** Blocks read and checked, not yet written: each one's parent is the one before it (the first's, the stored tip). */
    let run: { block: ChainBlock; matches: Matches }[] = [];
    /** Writes the run in one transaction; false when another process moved the follower first. */
    const write = async (): Promise<boolean> => {
      if (run.length === 0) return true;
      const blocks = run;
      run = [];
      const from = blocks[0]!.block.number;
      const at = this.now();
      const done = await this.write(async (tx) => {
        if (!(await advanceFollower(tx, from, from + blocks.length, at))) return undefined;
        // Block rows of those numbers from a rescan are replaced by the canonical ones read now.
        await deleteBlocksAbove(tx, from - 1);
        let n = 0;
        for (const { block, matches } of blocks) {
          await insertBlock(tx, { number: block.number, hash: block.hash, parentHash: block.parentHash, final: block.number <= heads.finalized, seenAt: at });
          n += 1 + (await this.apply(tx, block, matches, at, true));
        }
        return n;
      });
      // Another process took these blocks first: it goes on from there.
      if (done === undefined) return false;
      changes += done;
      return true;
    };
    const last = Math.min(heads.head, start + BLOCKS_PER_POLL - 1);
    /** Blocks asked for ahead; one whose answer failed is asked again when its turn comes. */
    const ahead = new Map<number, Promise<ChainBlock>>();
    const blockAt = (n: number): Promise<ChainBlock> => {
      const asked = ahead.get(n);
      ahead.delete(n);
      return asked ? asked.catch(() => this.block(n)) : this.block(n);
    };
    try {
      while (next <= last) {
        // Catching up (the head is further than this block): the logs of the blocks ahead in one query,
        // and the next blocks asked for while this one is checked.
        if (next < heads.head && (!window || next > window.to)) window = await this.logWindow(next, last);
        for (let n = next + 1; next < heads.head && n <= Math.min(last, next + BLOCKS_AHEAD); n++)
          if (!ahead.has(n)) {
            const asked = this.block(n);
            asked.catch(() => undefined);
            ahead.set(n, asked);
          }
        const block = await blockAt(next);
        const parentHash = run.length > 0 ? run.at(-1)!.block.hash : (await findBlock(this.d.engine.read, next - 1))?.hash;
        if (parentHash !== undefined && parentHash !== block.parentHash) {
          // The chain changed under blocks read but not written: they are read again next poll.
          if (run.length > 0) return changes;
          return changes + (await this.reorganise(next));
        }
        run.push({ block, matches: await this.matchesOf(block, window) });
        next += 1;
        if ((run.length >= BLOCKS_PER_WRITE || next > heads.head) && !(await write())) return changes;
      }
      await write();
    } catch (err) {
      // A poll that stops early keeps what it read and checked.
      if (err instanceof Wait) await write();
      throw err;
    }
    return changes;
  }

  /**
   * C6, C10: the stored chain diverges below `next`: walks back to the highest stored block the node still
   * has, drops the deposits above it and removes their blocks; a final one among them is FINALITY_LOST.
   */
  private async reorganise(next: number): Promise<number> {
    let ancestor = next - 1;
    for (;;) {
      const stored = await findBlock(this.d.engine.read, ancestor);
      // Below the kept window: taken as the common ancestor.
      if (!stored) break;
      const header = await this.header(ancestor);
      if (header.hash === stored.hash) break;
      ancestor -= 1;
    }
    const at = this.now();
    const dropped = await this.write(async (tx) => {
      if (!(await advanceFollower(tx, next, ancestor + 1, at))) return undefined;
      const orphaned = await deleteBlocksAbove(tx, ancestor);
      await forgetNoncesTakenAbove(tx, ancestor, at);
      const lost = orphaned.filter((b) => b.final).sort((a, b) => a.number - b.number)[0];
      if (lost)
        await insertHalt(tx, {
          reason: 'FINALITY_LOST',
          since: at,
          detail: finalityLostDetail(lost.number, lost.hash),
        });
      return dropChainDepositsAbove(tx, ancestor, at);
    });
    if (dropped === undefined) return 0;
    this.d.logger.warn({ ancestor, from: next - 1, dropped }, 'evm follower: reorganisation');
    return 1 + dropped;
  }

  /** §18.4: re-reads from rescanFrom up to the follower's verified tip, creating nothing twice. */
  private async rescan(f: EvmFollowerRow): Promise<number> {
    const rescanFrom = f.rescanFrom!;
    let rescanAt = f.rescanAt;
    const last = f.nextBlock! - 1;
    let changes = 0;
    for (let read = 0; read < BLOCKS_PER_POLL; read++) {
      const cursor = rescanAt ?? rescanFrom;
      if (cursor > last) {
        const from = { rescanFrom, rescanAt };
        await this.write((tx) => advanceRescan(tx, from, 'clear', this.now()));
        return changes + 1;
      }
      const block = await this.block(cursor);
      const stored = await findBlock(this.d.engine.read, cursor);
      // A reorganisation under way: the forward pass deals with it first.
      if (stored && stored.hash !== block.hash) return changes;
      const matches = await this.matchesOf(block);
      const at = this.now();
      const from = { rescanFrom, rescanAt };
      const done = await this.write(async (tx) => {
        if (!(await advanceRescan(tx, from, cursor + 1, at))) return undefined;
        // The block of a deposit is kept, so that its finality is checked against it (and FINALITY_LOST).
        if (!stored && matches.groups.length > 0)
          await insertBlock(tx, { number: cursor, hash: block.hash, parentHash: block.parentHash, final: false, seenAt: at });
        return this.apply(tx, block, matches, at, false);
      });
      if (done === undefined) return changes;
      changes += done;
      rescanAt = cursor + 1;
    }
    return changes;
  }

  /**
   * C6: the CONFIRMING deposits of final blocks, each still in the stored (canonical) block, are decided by
   * §10.4 row 8 — not while the rail is halted (C10).
   */
  private async finality(heads: Heads, next: number): Promise<number> {
    const upTo = Math.min(heads.finalized, next - 1);
    await this.write(async (tx) => {
      await markBlocksFinal(tx, upTo);
      await pruneBlocks(tx, upTo - keptFinalBlocks(heads));
    });
    if (await findHalt(this.d.engine.read)) return 0;
    let changes = 0;
    for (const d of await confirmingDepositsUpTo(this.d.engine.read, upTo, 100)) {
      const decided = await this.write(async (tx) => {
        if (await findHalt(tx)) return false;
        const block = await findBlock(tx, d.blockNumber!);
        if (!block || block.hash !== d.blockHash) return false;
        return decideFinalDeposit(tx, d.depositId, block.hash, this.now());
      });
      if (decided) changes += 1;
    }
    return changes;
  }

  /** The block's deposits (C6, C12) and foreign transactions (C10), in the block's transaction. */
  private async apply(tx: Exec, block: ChainBlock, m: Matches, at: string, count: boolean): Promise<number> {
    let changes = 0;
    if (m.foreign.length > 0) {
      const known = await knownAttempts(
        tx,
        m.foreign.map((t) => t.hash),
      );
      const foreign = m.foreign.find((t) => !known.has(t.hash));
      // §18.6 C7 settled: each one is noted, by nonce, beside the record whose nonce it took.
      const hot = m.foreign[0]!.from;
      for (const t of m.foreign) if (!known.has(t.hash)) await noteNonceTaken(tx, hot, { hash: t.hash, nonce: t.nonce, block: block.number, blockHash: block.hash }, at);
      if (foreign)
        await insertHalt(tx, {
          reason: 'FOREIGN_TRANSACTION',
          since: at,
          detail: `transaction ${foreign.hash} with nonce ${foreign.nonce} in block ${block.number} is none of the stored attempts`,
        });
    }
    let unattributed = 0;
    for (const g of m.groups) {
      const route = await evmRouteOf(tx, g.address.clientId, g.tokenKey);
      if (!route || route.tokenDecimals === null || route.tokenDecimals < route.currencyScale) {
        unattributed += 1;
        continue;
      }
      // C12: summed units, converted and floored once; the remainder stays with operators.
      const amount = g.units / 10n ** BigInt(route.tokenDecimals - route.currencyScale);
      if (amount < this.d.evm.minDepositMinor) {
        unattributed += 1;
        continue;
      }
      const outcome = await includeChainDeposit(
        tx,
        {
          route,
          customerId: g.address.customerId,
          clientId: g.address.clientId,
          toAddress: g.address.address,
          txHash: g.txHash,
          fromAddress: getAddress(g.from),
          amountMinor: amount.toString(),
          units: g.units.toString(),
          blockNumber: block.number,
          blockHash: block.hash,
        },
        at,
      );
      if (outcome !== 'unchanged') changes += 1;
    }
    // A rescan re-reads transfers counted when they were first read.
    if (count) await addUnattributed(tx, unattributed);
    return changes;
  }

  /**
   * §18.3: the tokens' Transfer logs of blocks `from` up to at most `last`, EVM_LOG_RANGE_MAX blocks or
   * fewer after a refusal; a window of no tokens when there are none, or when the query failed (each block
   * then asks by its hash).
   */
  private async logWindow(from: number, last: number): Promise<LogWindow> {
    const tokens = (await evmTokenKeys(this.d.engine.read)).filter((k) => k !== 'native').sort() as Hex[];
    // No token routes: a window with no logs, so the blocks it covers do not ask again.
    if (tokens.length === 0) return { from, to: last, tokens: '', byBlock: new Map() };
    for (;;) {
      const to = Math.min(last, from + this.range.blocks - 1);
      try {
        const logs = await this.d.chain.getLogs({ fromBlock: BigInt(from), toBlock: BigInt(to), address: tokens, event: TRANSFER, strict: true });
        this.range.answered();
        return { from, to, tokens: tokens.join(), byBlock: logsByBlock(logs) };
      } catch (err) {
        // A refusal of the range: at once again with half as many blocks, down to one.
        if (isRangeRefusal(err) && to > from) {
          const blocks = this.range.refused();
          this.d.logger.warn({ from, to, blocks }, 'evm follower: the node refused a log range; querying fewer blocks');
          continue;
        }
        // Not a reason to stop: each block of the range asks by its hash.
        return { from, to, tokens: '', byBlock: new Map() };
      }
    }
  }

  /** C13: the block's matching transfers into deposit addresses, summed per (transaction, address, token). */
  private async matchesOf(block: ChainBlock, window?: LogWindow): Promise<Matches> {
    const read = this.d.engine.read;
    const rail = await findRail(read);
    const hot = rail?.hotAddress.toLowerCase();
    const foreign = hot === undefined ? [] : block.txs.filter((t) => t.from === hot);
    const keys = await evmTokenKeys(read);
    const tokens = keys.filter((k) => k !== 'native') as Hex[];
    const native = keys.includes('native');
    const logs = tokens.length === 0 ? [] : (this.fromWindow(block, tokens, window) ?? (await this.transferLogs(block, tokens)));
    const candidates = new Set<string>(logs.map((l) => l.to));
    const nativeTxs = native ? block.txs.filter((t) => t.value > 0n && t.to !== null) : [];
    for (const t of nativeTxs) candidates.add(t.to!);
    const addresses = new Map((await depositAddressesAmong(read, [...candidates])).map((a) => [a.addressKey, a]));
    const groups = new Map<string, Group>();
    const add = (txHash: string, to: string, tokenKey: string, units: bigint, from: string, logIndex: number) => {
      const address = addresses.get(to);
      if (!address) return;
      const key = `${txHash}|${to}|${tokenKey}`;
      const g = groups.get(key);
      if (!g) groups.set(key, { txHash, address, tokenKey, units, from, logIndex });
      else {
        g.units += units;
        if (logIndex < g.logIndex) Object.assign(g, { from, logIndex });
      }
    };
    for (const l of logs) add(l.txHash, l.to, l.token, l.value, l.from, l.logIndex);
    for (const t of nativeTxs) {
      if (!addresses.has(t.to!)) continue;
      // C13: only a successful top-level transfer counts; a receipt the node does not have yet → wait.
      const receipt = await this.receipt(t.hash);
      if (receipt.blockHash.toLowerCase() !== block.hash) throw new Wait('receipt of another block');
      if (receipt.status === 'success') add(t.hash, t.to!, 'native', t.value, t.from, -1);
    }
    return { groups: [...groups.values()], foreign };
  }

  /**
   * The block's logs from a range query, when the range covered it for the same tokens and what it holds for
   * that number is of this block's hash alone; an empty answer counts only when the block's bloom agrees
   * (C13). Undefined: ask by the block's hash.
   */
  private fromWindow(block: ChainBlock, tokens: Hex[], window: LogWindow | undefined): TransferLog[] | undefined {
    if (!window || block.number < window.from || block.number > window.to || window.tokens !== [...tokens].sort().join()) return undefined;
    const entries = window.byBlock.get(block.number) ?? [];
    if (entries.length === 0) {
      const bloom = block.logsBloom;
      return bloom && bloomHas(bloom, TRANSFER_TOPIC) && tokens.some((t) => bloomHas(bloom, t)) ? undefined : [];
    }
    return entries.length === 1 && entries[0]!.hash === block.hash ? entries[0]!.logs : undefined;
  }

  /** The tokens' Transfer logs of one block, by its hash (never by number: a reorganised block's logs differ). */
  private async transferLogs(block: ChainBlock, tokens: Hex[]): Promise<TransferLog[]> {
    const logs = await this.d.chain.getLogs({ blockHash: block.hash as Hex, address: tokens, event: TRANSFER, strict: true });
    let found: TransferLog[] = logs.filter((l) => !l.removed && l.blockHash?.toLowerCase() === block.hash).map(transferLog);
    const bloom = block.logsBloom;
    if (found.length === 0 && bloom && bloomHas(bloom, TRANSFER_TOPIC) && tokens.some((t) => bloomHas(bloom, t))) {
      // The bloom says the block may hold such logs: an empty answer may come from a node without the
      // block. Asked again next poll; after that the block's receipts decide (a bloom may say "maybe" for
      // a block without such logs, and the receipts hold every log of the block).
      const doubted = (this.doubts.get(block.hash) ?? 0) + 1;
      this.doubts.set(block.hash, doubted);
      if (doubted < BLOOM_DOUBTS) throw new Wait(`empty logs for block ${block.number}`);
      found = await this.logsFromReceipts(block, tokens);
    }
    this.doubts.delete(block.hash);
    return found;
  }

  private async logsFromReceipts(block: ChainBlock, tokens: Hex[]): Promise<TransferLog[]> {
    const wanted = new Set(tokens.map((t) => t.toLowerCase()));
    const found: TransferLog[] = [];
    for (const t of block.txs) {
      const receipt = await this.receipt(t.hash);
      if (receipt.blockHash.toLowerCase() !== block.hash) throw new Wait('receipt of another block');
      for (const l of receipt.logs) {
        if (!wanted.has(l.address.toLowerCase()) || l.topics.length !== 3 || l.topics[0]?.toLowerCase() !== TRANSFER_TOPIC) continue;
        const e = decodeEventLog({ abi: [TRANSFER], data: l.data, topics: l.topics, strict: false });
        if (!e.args.from || !e.args.to || e.args.value === undefined) continue;
        found.push({ txHash: t.hash, token: l.address.toLowerCase(), from: e.args.from.toLowerCase(), to: e.args.to.toLowerCase(), value: e.args.value, logIndex: l.logIndex });
      }
    }
    return found;
  }

  private async block(n: number): Promise<ChainBlock> {
    try {
      const b = await this.d.chain.getBlock({ blockNumber: BigInt(n), includeTransactions: true });
      if (b.hash === null || b.number === null) throw new Wait(`block ${n} pending`);
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
      if (err instanceof BlockNotFoundError) throw new Wait(`block ${n} not found`);
      throw err;
    }
  }

  private async header(n: number): Promise<{ hash: string }> {
    try {
      const b = await this.d.chain.getBlock({ blockNumber: BigInt(n) });
      if (b.hash === null) throw new Wait(`block ${n} pending`);
      return { hash: b.hash.toLowerCase() };
    } catch (err) {
      if (err instanceof BlockNotFoundError) throw new Wait(`block ${n} not found`);
      throw err;
    }
  }

  private async receipt(hash: string) {
    try {
      return await this.d.chain.getTransactionReceipt({ hash: hash as Hex });
    } catch (err) {
      if (err instanceof TransactionReceiptNotFoundError) throw new Wait(`receipt ${hash} not found`);
      throw err;
    }
  }
}
