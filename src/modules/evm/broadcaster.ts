// §18 C7–C10 the EVM rail's broadcaster: a record's attempts — prepared against the chain, signed and
// stored, then sent. For the first attempt of a record the deny list cleared (transfers/steps.ts):
// hot wallet capacity (C9), eth_estimateGas and fees (C8), the nonce count check (C10); then (§18.6, C7
// and C9 amended) the counter's next nonce n is read and signed with outside any transaction, and ONE
// transaction moves the counter n → n + 1 by compare-and-set, checks capacity again, stores the attempt
// and takes the pipeline's step to BROADCASTING. Signed bytes whose nonce another process took meanwhile
// are discarded unsent, and the record is signed again. Replacements (C8) are signed and stored the same
// way. No database transaction waits on the signer or the node.
import {
  BaseError,
  encodeFunctionData,
  ExecutionRevertedError,
  erc20Abi,
  getAddress,
  HttpRequestError,
  keccak256,
  recoverTransactionAddress,
  TimeoutError,
  type Hex,
} from 'viem';
import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import type { Engine } from '../../db/engine.js';
import type { Exec } from '../../db/exec.js';
import { findRoute } from '../routes/index.js';
import type { RailContext, Submission, TransferRecord } from '../transfers/index.js';
import { hasCapacity, type Balances } from './capacity.js';
import type { Chain } from './chain.js';
import { bumpedFees, firstFees, GWEI, type Fees } from './fees.js';
import type { Heads } from './finality.js';
import { ensureNonceCounter, findHalt, insertHalt } from './rail/repository.js';
import type { Signer } from './signer.js';
import type { EvmAttemptRow, EvmTransferRow } from './tables.js';
import { findEvmTransfer, findNonceCounter, insertAttempt, insertEvmTransfer, markAttemptSent, takeNonce, transfersNotFinal } from './transfers-repository.js';

/** C8: native ETH to an address without code. */
const TRANSFER_GAS = 21_000n;

/** Times a record is signed again in one pass when another process took its nonce meanwhile (§18.6). */
const SIGNING_TRIES = 3;

/** The node could not be reached: the step is tried again next poll, no event (C7). */
export const unreachable = (err: unknown): boolean =>
  (err instanceof BaseError && err.walk((e) => e instanceof HttpRequestError || e instanceof TimeoutError) !== null) ||
  (err instanceof TypeError && /fetch/i.test(err.message));

/** §18.6 C7 settled: eth_estimateGas refused the transfer by executing it (a revert), not a node's error. */
const reverted = (err: unknown): boolean => err instanceof BaseError && err.walk((e) => e instanceof ExecutionRevertedError) !== null;

/** One signed attempt, not yet stored. */
type SignedAttempt = { txHash: Hex; raw: Hex; maxFeePerGas: string; maxPriorityFeePerGas: string };

/** What the signer made of an attempt, asked outside any transaction (C7, C10, §18.6). */
type Signing = { ok: true; attempt: SignedAttempt } | { ok: false; why: 'unreachable' | 'refused' | 'mismatch'; message: string };

/** What the storing transaction did: 'nonce-taken' — the counter no longer read the signed nonce (discarded unsent). */
type Stored = 'stored' | 'nonce-taken' | 'moved' | 'no-capacity' | 'halted';

/** What every attempt of a record sends (C8: the same nonce, destination, value and data). */
type Order = { to: Hex; value: bigint; data: Hex; units: bigint; native: boolean; destination: Hex };

/** Everything a record's first attempt needs besides its nonce, read from the chain before signing. */
type Prepared = { order: Order; gas: bigint; fees: Fees; balances: Balances; head: number };

/** Why a record's first attempt cannot be prepared now, or that the record was refused (a revert). */
type NotPrepared = { prepared: false; submission: Submission };

export class EvmBroadcaster {
  private readonly capWei: bigint;

  constructor(
    private readonly config: Config,
    private readonly engine: Pick<Engine, 'read' | 'writer'>,
    private readonly clock: () => Date,
    private readonly logger: Logger,
    private readonly chain: Chain,
    private readonly signer: Signer,
  ) {
    this.capWei = BigInt(config.evm.maxFeePerGasGwei) * GWEI;
  }

  private get hot(): Hex {
    return this.signer.address;
  }

  /** The first attempt of a record in SCREENING that the deny list cleared: prepared, signed, stored, sent. */
  async submit(r: TransferRecord, ctx: RailContext): Promise<Submission> {
    const prepared = await this.prepare(r);
    if ('submission' in prepared) return prepared.submission;
    const { order, gas, fees } = prepared;
    for (let tries = 0; tries < SIGNING_TRIES; tries++) {
      // §18.6: n as the counter reads it now, signed outside any transaction.
      const nonce = await findNonceCounter(this.engine.read, this.hot);
      if (nonce === undefined) throw new Error(`no nonce counter for ${this.hot}`);
      const signing = await this.sign({ ...order, gas, nonce, ...fees });
      if (!signing.ok) return this.signerFailed(r, signing);
      const at = this.clock().toISOString();
      const stored = await this.engine.writer.run((tx) => this.storeFirst(tx, r, ctx, prepared, nonce, signing.attempt, at));
      // Another process took n: these signed bytes are never sent; the record is signed again with the next.
      if (stored === 'nonce-taken') continue;
      if (stored === 'moved') return 'stored';
      if (stored === 'no-capacity') return 'waiting';
      if (stored === 'halted') return 'stopped';
      // Stored, so sent at once (C7): the next nonce another process signs meanwhile finds no gap before it.
      // A node that does not take it now: the tracker sends it again.
      const attempt: EvmAttemptRow = { ...signing.attempt, resourceId: r.id, nonce, createdAt: at, firstSentBlock: null, lastSentAt: null };
      await this.send([attempt], prepared.head);
      return 'stored';
    }
    return 'stopped';
  }

  /** The order every attempt of `r` sends, on its route (C12 units). */
  private async orderOf(r: TransferRecord): Promise<Order> {
    const route = await findRoute(this.engine.read, r.routeCode, r.clientId);
    if (!route) throw new Error(`transfer ${r.id}: route ${r.routeCode} is missing`);
    const native = route.tokenContract === null;
    const decimals =
      route.tokenDecimals ??
      (native ? 18 : Number(await this.chain.readContract({ address: getAddress(route.tokenContract!), abi: erc20Abi, functionName: 'decimals' })));
    const units = r.amountMinor * 10n ** BigInt(decimals - r.currencyScale);
    const destination = getAddress(r.address);
    if (native) return { to: destination, value: units, data: '0x', units, native, destination };
    return {
      to: getAddress(route.tokenContract!),
      value: 0n,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [destination, units] }),
      units,
      native,
      destination,
    };
  }

  /**
   * The chain's side of the step out of SCREENING, before anything is signed: capacity (C9), gas (C8; a
   * revert refuses the record, C7), fees, the count check (C10).
   */
  private async prepare(r: TransferRecord): Promise<Prepared | NotPrepared> {
    const read = this.engine.read;
    const not = (submission: Submission): NotPrepared => ({ prepared: false, submission });
    if ((await transfersNotFinal(read)).length >= this.config.evm.maxInflight) return not('waiting');
    try {
      const order = await this.orderOf(r);
      // C9: the hot balance at `latest` covers what is not yet final and this record.
      const balances: Balances = {
        ...(order.native
          ? {}
          : { token: await this.chain.readContract({ address: order.to, abi: erc20Abi, functionName: 'balanceOf', args: [this.hot], blockTag: 'latest' }) }),
        eth: await this.chain.getBalance({ address: this.hot, blockTag: 'latest' }),
      };
      if (!(await hasCapacity(read, this.config.evm.maxInflight, order, balances))) return not('waiting');
      // C8: gas = eth_estimateGas + 20 %; native ETH to an address without code: 21000.
      let gas: bigint;
      const code = order.native ? await this.chain.getCode({ address: order.destination }) : undefined;
      if (order.native && (code === undefined || code === '0x')) gas = TRANSFER_GAS;
      else {
        try {
          const estimate = await this.chain.estimateGas({ account: this.hot, to: order.to, value: order.value, data: order.data, blockTag: 'latest' });
          gas = (estimate * 120n + 99n) / 100n;
        } catch (err) {
          // §18.6 C7 settled: only a revert fails the record; any other error is the node being unreachable.
          if (!reverted(err)) throw err;
          // C7: a revert → FAILED "Broadcast failed", nothing signed, no nonce consumed.
          this.logger.info({ resourceId: r.id, reason: err instanceof BaseError ? err.shortMessage : String(err) }, 'eth_estimateGas refused the transfer');
          return not('refused');
        }
      }
      const block = await this.chain.getBlock({ blockTag: 'latest' });
      const tip = BigInt(await this.chain.request({ method: 'eth_maxPriorityFeePerGas' }));
      const fees = firstFees(block.baseFeePerGas ?? 0n, tip, this.config.evm.feeCapMultiplier, this.capWei);
      if (!fees) return not('waiting');
      if (!(await hasCapacity(read, this.config.evm.maxInflight, order, balances, gas * fees.maxFeePerGas))) return not('waiting');
      // C10: the chain's count at `latest` above the counter is a transaction the service did not sign.
      if (!(await this.countCheck())) return not('stopped');
      return { order, gas, fees, balances, head: Number(block.number ?? 0n) };
    } catch (err) {
      // §18.6 C7 settled: any node error other than a revert (a rate limit, -32603, an unknown block, a
      // timeout) is the node being unreachable: the record stays in SCREENING, tried again next poll.
      if (err instanceof BaseError || unreachable(err)) {
        this.logger.warn({ resourceId: r.id, reason: err instanceof BaseError ? err.shortMessage : undefined }, 'EVM node unreachable; the record stays in SCREENING');
        return not('stopped');
      }
      throw err;
    }
  }

  /**
   * §18.6: the one transaction that stores a signed first attempt — unless halted, the record moved, the
   * capacity went to another process meanwhile (C9, seen after its commit), or the counter no longer reads
   * `nonce` (compare-and-set). Every check comes before the first write, so a refusal writes nothing.
   */
  private async storeFirst(tx: Exec, r: TransferRecord, ctx: RailContext, p: Prepared, nonce: number, attempt: SignedAttempt, at: string): Promise<Stored> {
    if (await findHalt(tx)) return 'halted';
    if ((await ctx.reload(tx))?.status !== 'SCREENING') return 'moved';
    if (!(await hasCapacity(tx, this.config.evm.maxInflight, p.order, p.balances, p.gas * p.fees.maxFeePerGas))) return 'no-capacity';
    if (!(await takeNonce(tx, this.hot, nonce, at))) return 'nonce-taken';
    // Read as SCREENING in this transaction: a concurrent move is a write conflict the engine runs again.
    if (!(await ctx.take(tx, { step: 'stored', reference: attempt.txHash }))) throw new Error(`transfer ${r.id} left SCREENING within its storing transaction`);
    const { order, gas } = p;
    await insertEvmTransfer(tx, {
      resourceId: r.id,
      resourceType: ctx.resourceType,
      fromAddress: this.hot,
      nonce,
      toAddress: order.to,
      valueWei: order.value.toString(),
      data: order.data,
      gas: gas.toString(),
      units: order.units.toString(),
      native: order.native,
      includedTxHash: null,
      includedBlockNumber: null,
      includedBlockHash: null,
      receiptStatus: null,
      takenByTxHash: null,
      takenInBlock: null,
      takenBlockHash: null,
      finalAt: null,
      createdAt: at,
      updatedAt: at,
    });
    await insertAttempt(tx, { ...attempt, resourceId: r.id, nonce, createdAt: at, firstSentBlock: null, lastSentAt: null });
    return 'stored';
  }

  /** A first attempt the signer did not sign (C7) or signed for another sender (C10). */
  private async signerFailed(r: TransferRecord, s: Extract<Signing, { ok: false }>): Promise<Submission> {
    if (s.why === 'unreachable') {
      this.logger.warn({ resourceId: r.id, reason: s.message }, 'EVM signer unreachable; the record stays in SCREENING');
      return 'stopped';
    }
    if (s.why === 'mismatch') {
      // C10: nothing is stored; the rail halts.
      await this.halt('SIGNER_MISMATCH', s.message);
      return 'stopped';
    }
    // C7: the signer answered an error → FAILED "Broadcast failed"; nothing was stored, no nonce consumed.
    this.logger.info({ resourceId: r.id, reason: s.message }, 'the signer refused the transfer');
    return 'refused';
  }

  /** Signs one attempt outside any transaction and checks its sender (C10 SIGNER_MISMATCH). */
  private async sign(a: Order & Fees & { gas: bigint; nonce: number }): Promise<Signing> {
    const signed = await this.signer.sign({
      type: 'eip1559',
      chainId: this.config.evm.chainId!,
      nonce: a.nonce,
      to: a.to,
      value: a.value,
      data: a.data,
      gas: a.gas,
      maxFeePerGas: a.maxFeePerGas,
      maxPriorityFeePerGas: a.maxPriorityFeePerGas,
    });
    if (!signed.ok) return { ok: false, why: signed.why === 'unavailable' ? 'unreachable' : 'refused', message: signed.message };
    const raw = signed.raw;
    const from = await recoverTransactionAddress({ serializedTransaction: raw as `0x02${string}` });
    if (from.toLowerCase() !== this.hot.toLowerCase()) return { ok: false, why: 'mismatch', message: `a signed transaction's sender ${from} is not the hot address ${this.hot}` };
    return { ok: true, attempt: { txHash: keccak256(raw), raw, maxFeePerGas: a.maxFeePerGas.toString(), maxPriorityFeePerGas: a.maxPriorityFeePerGas.toString() } };
  }

  /** C10: false (and the rail halted) when the chain's count at `latest` exceeds the counter. */
  async countCheck(): Promise<boolean> {
    const count = await this.chain.getTransactionCount({ address: this.hot, blockTag: 'latest' });
    let counter = await findNonceCounter(this.engine.read, this.hot);
    if (counter === undefined) {
      // C9: set at the rail's first start to the address's count at `latest`.
      await this.engine.writer.run((tx) => ensureNonceCounter(tx, this.hot, count, this.clock().toISOString()));
      counter = (await findNonceCounter(this.engine.read, this.hot))!;
    }
    if (count <= counter) return true;
    await this.halt('FOREIGN_TRANSACTION', `the hot address's count at latest is ${count}, the service allocated up to ${counter}`);
    return false;
  }

  private async halt(reason: string, detail: string): Promise<void> {
    const at = this.clock().toISOString();
    if (await this.engine.writer.run((tx) => insertHalt(tx, { reason, since: at, detail }))) this.logger.error({ reason, detail }, 'EVM rail halted');
  }

  /**
   * C8: a transfer not included EVM_BUMP_AFTER_BLOCKS blocks after its newest attempt's first send gets a
   * replacement — the same nonce, both fees raised — signed outside any transaction and stored only while
   * the record is still BROADCASTING with that nonce, its reference becoming the record's txHash.
   */
  async replace(r: TransferRecord, t: EvmTransferRow, attempts: EvmAttemptRow[], heads: Heads, ctx: RailContext): Promise<EvmAttemptRow | undefined> {
    const newest = attempts.at(-1);
    if (!newest || newest.firstSentBlock === null || heads.head < newest.firstSentBlock + this.config.evm.bumpAfterBlocks) return undefined;
    const fees = bumpedFees(
      { maxFeePerGas: BigInt(newest.maxFeePerGas), maxPriorityFeePerGas: BigInt(newest.maxPriorityFeePerGas) },
      this.config.evm.bumpPercent,
      this.capWei,
    );
    if (!fees) return undefined;
    const order = { to: t.toAddress as Hex, value: BigInt(t.valueWei), data: t.data as Hex, units: BigInt(t.units), native: t.native, destination: t.toAddress as Hex };
    const signing = await this.sign({ ...order, ...fees, gas: BigInt(t.gas), nonce: t.nonce });
    if (!signing.ok) {
      if (signing.why === 'mismatch') await this.halt('SIGNER_MISMATCH', signing.message);
      // Unreachable or refused: no replacement this poll; the stored attempts are sent again.
      else this.logger.warn({ resourceId: r.id, reason: signing.message }, 'the signer did not sign a replacement');
      return undefined;
    }
    const at = this.clock().toISOString();
    return this.engine.writer.run(async (tx) => {
      if (await findHalt(tx)) return undefined;
      const current = await findEvmTransfer(tx, t.resourceId);
      if ((await ctx.reload(tx))?.status !== 'BROADCASTING' || current?.nonce !== t.nonce || current.includedTxHash !== null) return undefined;
      const attempt: EvmAttemptRow = { ...signing.attempt, resourceId: t.resourceId, nonce: t.nonce, createdAt: at, firstSentBlock: null, lastSentAt: null };
      await insertAttempt(tx, attempt);
      // C8: txHash follows the newest attempt while BROADCASTING (event `updated`).
      if (!(await ctx.take(tx, { step: 'stored', reference: signing.attempt.txHash }))) throw new Error(`transfer ${r.id} left BROADCASTING within its storing transaction`);
      return attempt;
    });
  }

  /**
   * C7: every stored attempt is sent (again) until one is included; "already known" / "nonce too low" are
   * not failures. 'unreachable': the node could not be reached (tried again next poll).
   */
  async send(attempts: EvmAttemptRow[], head: number): Promise<'sent' | 'halted' | 'unreachable'> {
    for (const a of attempts) {
      if (await findHalt(this.engine.read)) return 'halted';
      try {
        await this.chain.sendRawTransaction({ serializedTransaction: a.raw as Hex });
      } catch (err) {
        if (unreachable(err)) return 'unreachable';
        this.logger.debug({ txHash: a.txHash, reason: err instanceof BaseError ? err.shortMessage : String(err) }, 'attempt not accepted by the node');
      }
      if (a.firstSentBlock === null) await this.engine.writer.run((tx) => markAttemptSent(tx, a.txHash, head, this.clock().toISOString()));
      a.firstSentBlock ??= head;
    }
    return 'sent';
  }
}
