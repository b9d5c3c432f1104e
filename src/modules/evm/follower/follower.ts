// §18 C5, C6, C10, C12, C13: the block follower. Each poll reads the head and finality, then every next
// block by number up to the head — never skipping one: a block the node does not have yet, an error or a
// suspicious answer stops the poll and the next one tries again. A block is taken only when its parent is
// the stored block below it; otherwise the follower walks back to the common ancestor, and what lay above
// it is orphaned (its CONFIRMING deposits → DROPPED; a final one → FINALITY_LOST). Network calls are made
// outside database transactions (reader.ts); each block — on catch-up each run of up to BLOCKS_PER_WRITE
// blocks — is written in one transaction that first moves the follower's position by compare-and-set, so
// several processes on one database take each block once, and uq_evm_deposit_tx is the last guard (a
// violation: the deposit exists, no second row, no event). What a block means (deposits, foreign
// transactions) is matcher.ts's. On catch-up the tokens' logs of many blocks come in one query (§18.3
// EVM_LOG_RANGE_MAX), and a block uses them only when they carry its hash; otherwise it asks by its hash
// as at the head.
import type { Logger } from 'pino';
import type { EvmConfig } from '../../../config/evm.js';
import type { Engine } from '../../../db/engine.js';
import type { Exec } from '../../../db/exec.js';
import { blocksHoldingDeposits, confirmingDepositsUpTo, decideFinalDeposit, dropChainDepositsAbove } from '../../deposits/index.js';
import type { Chain } from '../chain.js';
import { headsOf, type Heads } from '../finality.js';
import { finalityLostDetail } from '../rail/halts.js';
import { ensureFollower, findFollower, findHalt, insertHalt, updateFollower } from '../rail/repository.js';
import type { EvmFollowerRow } from '../tables.js';
import { forgetNoncesTakenAbove } from '../transfers-repository.js';
import { applyMatches, matchBlock, tokenContracts, type BlockMatches } from './matcher.js';
import { ChainReader, NotYet, type ChainBlock } from './reader.js';
import { advanceFollower, advanceRescan, deleteBlocks, deleteBlocksAbove, findBlock, insertBlock, markBlocksFinal, prunableBlocks } from './repository.js';
import type { LogWindow } from './transfer-logs.js';

/** Blocks read per poll (the rest next poll, at once): a poll stays short, and its work visible. */
const BLOCKS_PER_POLL = 200;
/** Blocks asked for ahead of the one being checked, on catch-up (their answers are checked in order all the same). */
const BLOCKS_AHEAD = 6;
/** Blocks written in one transaction on catch-up, each checked against its parent before any is written. */
const BLOCKS_PER_WRITE = 25;
/**
 * Final blocks kept below finality for reorganisation checks, at least: C10 (settled) keeps every block for
 * at least 2 × the finality depth after it became final (the window grows with EVM_FINALITY), and the
 * blocks that hold a deposit or an included attempt for good (finality()).
 */
const FINAL_WINDOW = 128;

/** C10 (settled): how many final blocks below finality stay stored and checked (2 × the depth, at least FINAL_WINDOW). */
export const keptFinalBlocks = (heads: Heads): number => Math.max(FINAL_WINDOW, 2 * (heads.head - heads.finalized));

export type FollowerDeps = {
  engine: Pick<Engine, 'read' | 'writer'>;
  chain: Chain;
  evm: Pick<EvmConfig, 'finality' | 'minDepositMinor' | 'logRangeMax'>;
  clock: () => Date;
  logger: Logger;
};

export class Follower {
  private readonly engine: FollowerDeps['engine'];
  private readonly chain: Chain;
  private readonly evm: FollowerDeps['evm'];
  private readonly clock: () => Date;
  private readonly logger: Logger;
  private readonly reader: ChainReader;

  constructor(deps: FollowerDeps) {
    ({ engine: this.engine, chain: this.chain, evm: this.evm, clock: this.clock, logger: this.logger } = deps);
    this.reader = new ChainReader(deps.chain, deps.logger, deps.evm.logRangeMax);
  }

  private now(): string {
    return this.clock().toISOString();
  }

  private write<T>(work: (tx: Exec) => Promise<T>): Promise<T> {
    return this.engine.writer.run(work);
  }

  /** One poll; resolves with how many records and positions it changed (0: nothing new). */
  async poll(): Promise<number> {
    const heads = await headsOf(this.chain, this.evm.finality);
    let follower = await findFollower(this.engine.read);
    if (!follower || follower.nextBlock === null) {
      // Created at the current head when the rail's start has not created it yet.
      const at = this.now();
      await this.write(async (tx) => {
        await ensureFollower(tx, heads.head, at);
        const f = await findFollower(tx);
        if (f && f.nextBlock === null) await updateFollower(tx, { nextBlock: heads.head, updatedAt: at });
      });
      follower = (await findFollower(this.engine.read))!;
    }
    let changes = await this.forward(follower.nextBlock!, heads);
    follower = (await findFollower(this.engine.read))!;
    if (follower.rescanFrom !== null) changes += await this.rescan(follower);
    // Final blocks are decided even when reading stopped early: they are stored and checked already.
    changes += await this.finality(heads, follower.nextBlock!);
    return changes;
  }

  /**
   * Reads the blocks from `next` up to the head, one by one, each checked against its parent (the stored
   * tip, or the block read before it), and writes them in runs of up to BLOCKS_PER_WRITE.
   */
  private async forward(start: number, heads: Heads): Promise<number> {
    const read = this.engine.read;
    let next = start;
    let changes = 0;
    // The stored tip must still be canonical: a reorganisation at the same height shows here first.
    const tip = await findBlock(read, next - 1);
    if (tip) {
      const hash = await this.reader.blockHash(next - 1);
      if (hash instanceof NotYet) return 0;
      if (hash !== tip.hash) return this.reorganise(next);
    }
    let window: LogWindow | undefined;
    /** Blocks read and checked, not yet written: each one's parent is the one before it (the first's, the stored tip). */
    let run: { block: ChainBlock; matches: BlockMatches }[] = [];
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
          n += 1 + (await applyMatches(tx, block, matches, { at, minDepositMinor: this.evm.minDepositMinor, countUnattributed: true }));
        }
        return n;
      });
      // Another process took these blocks first: it goes on from there.
      if (done === undefined) return false;
      changes += done;
      return true;
    };
    /** The node cannot answer yet: what was read and checked is kept, the rest is read next poll. */
    const stopHere = async (): Promise<number> => {
      await write();
      return changes;
    };
    const last = Math.min(heads.head, start + BLOCKS_PER_POLL - 1);
    /** Blocks asked for ahead; one whose answer failed or was not there yet is asked again when its turn comes. */
    const ahead = new Map<number, Promise<ChainBlock | NotYet>>();
    const blockAt = async (n: number): Promise<ChainBlock | NotYet> => {
      const asked = ahead.get(n);
      ahead.delete(n);
      const answer = asked ? await asked.catch(() => undefined) : undefined;
      return answer === undefined || answer instanceof NotYet ? this.reader.block(n) : answer;
    };
    while (next <= last) {
      // Catching up (the head is further than this block): the logs of the blocks ahead in one query,
      // and the next blocks asked for while this one is checked.
      if (next < heads.head && (!window || next > window.to)) window = await this.reader.logWindow(next, last, await tokenContracts(read));
      for (let n = next + 1; next < heads.head && n <= Math.min(last, next + BLOCKS_AHEAD); n++)
        if (!ahead.has(n)) {
          const asked = this.reader.block(n);
          asked.catch(() => undefined);
          ahead.set(n, asked);
        }
      const block = await blockAt(next);
      if (block instanceof NotYet) return stopHere();
      const parentHash = run.length > 0 ? run.at(-1)!.block.hash : (await findBlock(read, next - 1))?.hash;
      if (parentHash !== undefined && parentHash !== block.parentHash) {
        // The chain changed under blocks read but not written: they are read again next poll.
        if (run.length > 0) return changes;
        return changes + (await this.reorganise(next));
      }
      const matches = await matchBlock(read, this.reader, block, window);
      if (matches instanceof NotYet) return stopHere();
      run.push({ block, matches });
      next += 1;
      if ((run.length >= BLOCKS_PER_WRITE || next > heads.head) && !(await write())) return changes;
    }
    await write();
    return changes;
  }

  /**
   * C6, C10: the stored chain diverges below `next`: walks back to the highest stored block the node still
   * has, drops the deposits above it and removes their blocks; a final one among them is FINALITY_LOST.
   */
  private async reorganise(next: number): Promise<number> {
    let ancestor = next - 1;
    for (;;) {
      const stored = await findBlock(this.engine.read, ancestor);
      // Below the kept window: taken as the common ancestor.
      if (!stored) break;
      const hash = await this.reader.blockHash(ancestor);
      if (hash instanceof NotYet) return 0;
      if (hash === stored.hash) break;
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
    this.logger.warn({ ancestor, from: next - 1, dropped }, 'evm follower: reorganisation');
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
      const block = await this.reader.block(cursor);
      if (block instanceof NotYet) return changes;
      const stored = await findBlock(this.engine.read, cursor);
      // A reorganisation under way: the forward pass deals with it first.
      if (stored && stored.hash !== block.hash) return changes;
      const matches = await matchBlock(this.engine.read, this.reader, block);
      if (matches instanceof NotYet) return changes;
      const at = this.now();
      const from = { rescanFrom, rescanAt };
      const done = await this.write(async (tx) => {
        if (!(await advanceRescan(tx, from, cursor + 1, at))) return undefined;
        // The block of a deposit is kept, so that its finality is checked against it (and FINALITY_LOST).
        if (!stored && matches.sums.length > 0)
          await insertBlock(tx, { number: cursor, hash: block.hash, parentHash: block.parentHash, final: false, seenAt: at });
        // A rescan re-reads transfers counted unattributed when they were first read.
        return applyMatches(tx, block, matches, { at, minDepositMinor: this.evm.minDepositMinor, countUnattributed: false });
      });
      if (done === undefined) return changes;
      changes += done;
      rescanAt = cursor + 1;
    }
    return changes;
  }

  /**
   * C5: the stored blocks up to finality become final, and the window lets go of the final blocks below
   * what it keeps — but those holding a deposit or an included attempt (C10 settled). C6: the CONFIRMING
   * deposits of final blocks, each still in the stored (canonical) block, are decided by §10.4 row 8 — not
   * while the rail is halted (C10).
   */
  private async finality(heads: Heads, next: number): Promise<number> {
    const upTo = Math.min(heads.finalized, next - 1);
    await this.write(async (tx) => {
      await markBlocksFinal(tx, upTo);
      const prunable = await prunableBlocks(tx, upTo - keptFinalBlocks(heads));
      if (prunable.length === 0) return;
      const holdingDeposits = await blocksHoldingDeposits(tx, prunable);
      await deleteBlocks(
        tx,
        prunable.filter((n) => !holdingDeposits.has(n)),
      );
    });
    if (await findHalt(this.engine.read)) return 0;
    let changes = 0;
    for (const d of await confirmingDepositsUpTo(this.engine.read, upTo, 100)) {
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
}
