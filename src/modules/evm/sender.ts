// §18 C7–C10 withdrawals and refunds on the chain. One pass at a time per process:
// - the step out of SCREENING, records taken in the order they entered it (then id), each one that fits
//   signed even when one before it waits (§18.6 C9 settled): deny list (§10.6), hot wallet capacity (C9),
//   eth_estimateGas and fees (C8), the nonce count check (C10); then (§18.6, C7 and C9 amended) the
//   counter's next nonce n is read and signed with outside any transaction, and ONE transaction moves the
//   counter n → n + 1 by compare-and-set, checks capacity again, stores the attempt and enters BROADCASTING.
//   Signed bytes whose nonce another process took meanwhile are discarded unsent, and the record is tried
//   again. No database transaction waits on the signer or the node;
// - every EVM_POLL_INTERVAL_MS, each transfer not yet final: receipts (→ CONFIRMING), finality (→
//   COMPLETED / FAILED), reorganisations, replacement (C8, signed the same way), and every stored attempt
//   sent again until one is included.
// While halted (C10) nothing is signed, replaced or sent and no record changes status.
import { KINDS, type AnyKind } from './kinds.js';
import {
  BaseError,
  BlockNotFoundError,
  encodeFunctionData,
  ExecutionRevertedError,
  erc20Abi,
  getAddress,
  HttpRequestError,
  keccak256,
  recoverTransactionAddress,
  TimeoutError,
  TransactionReceiptNotFoundError,
  type Hex,
  type TransactionReceipt,
} from 'viem';
import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import type { Engine } from '../../db/engine.js';
import type { Exec } from '../../db/exec.js';
import type { StartTask } from '../../core/task.js';
import { isBlockchain, normalizeAddressForComparison } from '../../core/addresses/index.js';
import type { TransactionType } from '../ledger/index.js';
import { transition } from '../lifecycle/index.js';
import { findRoute, isDenied } from '../routes/index.js';
import { lifecycleOf, STATUS_INFO, type TransferRecord } from '../transfers/index.js';
import { hasCapacity, type Balances } from './capacity.js';
import type { Chain } from './chain.js';
import { bumpedFees, firstFees, GWEI, type Fees } from './fees.js';
import { headsOf, isFinal, type Heads } from './finality.js';
import { ensureNonceCounter, findHalt, insertHalt } from './rail-repository.js';
import { routeMisconfigured } from './route-checks.js';
import { SignerRefused, SignerUnavailable, type Signer } from './signer.js';
import type { EvmAttemptRow, EvmTransferRow } from './tables.js';
import {
  anyTransferNotFinal,
  attemptsOf,
  evmRefundsIn,
  evmWithdrawalsIn,
  findEvmTransfer,
  findNonceCounter,
  insertAttempt,
  insertEvmTransfer,
  markAttemptSent,
  statusInfoOf,
  takeNonce,
  transfersNotFinal,
  updateEvmTransfer,
  type EvmKindName,
  type Waiting,
} from './transfers-repository.js';


/** Records looked at per pass. */
const BATCH = 200;
/** The worker's one id for this task: a pass covers every record. */
const PASS = 'evm-pass';

/** C8: native ETH to an address without code. */
const TRANSFER_GAS = 21_000n;

/** The node (or the signer) could not be reached: the step is tried again next poll, no event (C7). */
const unreachable = (err: unknown): boolean =>
  err instanceof SignerUnavailable ||
  (err instanceof BaseError && err.walk((e) => e instanceof HttpRequestError || e instanceof TimeoutError) !== null) ||
  (err instanceof TypeError && /fetch/i.test(err.message));

/** §18.6 C7 settled: eth_estimateGas refused the transfer by executing it (a revert), not a node's error. */
const reverted = (err: unknown): boolean => err instanceof BaseError && err.walk((e) => e instanceof ExecutionRevertedError) !== null;

/** Times a record is signed again in one pass when another process took its nonce meanwhile (§18.6). */
const TAKE_TRIES = 3;

type Outcome = 'done' | 'wait' | 'retry' | 'halted';

/** One signed attempt, not yet stored. */
type SignedAttempt = { txHash: Hex; raw: Hex; maxFeePerGas: string; maxPriorityFeePerGas: string };

/** What the signer made of an attempt, asked outside any transaction (C7, C10, §18.6). */
type Signing = { ok: true; attempt: SignedAttempt } | { ok: false; why: 'unreachable' | 'refused' | 'mismatch'; message: string };

/** What the storing transaction did: 'taken' — the counter no longer read the signed nonce (discarded unsent). */
type Stored = 'stored' | 'taken' | 'moved' | 'wait' | 'halted';

/** Everything a record's first attempt needs besides its nonce, read from the chain before signing. */
type Prepared = { order: Order; gas: bigint; fees: Fees; balances: Balances; head: number };

/** What every attempt of a record sends (C8: the same nonce, destination, value and data). */
type Order = { to: Hex; value: bigint; data: Hex; units: bigint; native: boolean; destination: Hex };

export class EvmSender implements StartTask {
  readonly name = 'evm-sender';
  wake?: () => void;
  private running: Promise<void> | undefined;
  private finished = 0;
  private stopped = false;
  /** When the last pass over the chain ended (ms of the clock); the next is due EVM_POLL_INTERVAL_MS after. */
  private lastChainPass = -Infinity;
  /** When the last pass started: a record that entered SCREENING after it makes a pass due at once (§18.1). */
  private lastPassAt = '';
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

  async due(db: Exec, now: Date): Promise<string[]> {
    if (this.running || this.stopped) return [];
    const screening = await screeningRecords(db);
    if (screening.some((w) => (w.dueAt ?? '') > this.lastPassAt)) return [PASS];
    if (now.getTime() - this.lastChainPass < this.config.evm.pollIntervalMs) return [];
    return screening.length > 0 || (await anyTransferNotFinal(db)) ? [PASS] : [];
  }

  async start(_id: string, now: Date): Promise<boolean> {
    if (this.running || this.stopped) return false;
    const chainDue = now.getTime() - this.lastChainPass >= this.config.evm.pollIntervalMs;
    this.lastPassAt = now.toISOString();
    this.running = this.pass(now, chainDue)
      .catch((err: unknown) => {
        if (unreachable(err)) this.logger.warn({ task: this.name }, 'EVM node unreachable; tried again next poll');
        // C11: a viem error's message carries the RPC URL; only its short message is logged.
        else if (err instanceof BaseError) this.logger.error({ task: this.name, error: err.name, reason: err.shortMessage }, 'EVM pass failed');
        else this.logger.error({ err, task: this.name }, 'EVM pass failed');
      })
      .finally(() => {
        if (chainDue) this.lastChainPass = this.clock().getTime();
        this.running = undefined;
      });
    return true;
  }

  async idle(): Promise<number> {
    while (this.running) await this.running;
    const n = this.finished;
    this.finished = 0;
    return n;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.idle();
  }

  private get hot(): Hex {
    return this.signer.address;
  }

  private async pass(now: Date, chainDue: boolean): Promise<void> {
    if (await findHalt(this.engine.read)) return;
    await this.screeningPass();
    if (chainDue && !this.stopped) await this.chainPass();
  }

  // ——— SCREENING → BROADCASTING (C7, C9) ———

  private async screeningPass(): Promise<void> {
    for (const w of await screeningRecords(this.engine.read)) {
      if (this.stopped) return;
      const kind = KINDS[w.resourceType];
      const r = await kind.load(this.engine.read, w.id);
      if (!r || r.status !== 'SCREENING') continue;
      // §10.6: the deny list as it is now decides first.
      if (!isBlockchain(r.blockchain)) throw new Error(`transfer ${r.id}: unknown blockchain ${r.blockchain}`);
      if (await isDenied(this.engine.read, r.blockchain, normalizeAddressForComparison(r.blockchain, r.address))) {
        await this.change(kind, r, 'REJECTED', { set: { kytResult: 'REJECTED', dueAt: null }, ledger: [{ type: 'RELEASE', amountMinor: r.amountMinor + r.feeMinor }] });
        continue;
      }
      // §18.6: nothing is signed for a route that breaks the currency rules; the record waits, holding back none.
      if (await routeMisconfigured({ engine: this.engine, chain: this.chain, clock: this.clock }, kind, r)) continue;
      // C9 (§18.6 settled): records are taken in order, and one that must wait does not hold back those behind it.
      const outcome = await this.broadcastFirst(kind, r);
      if (outcome === 'halted' || outcome === 'retry') return;
      if (outcome === 'wait') {
        if (w.statusInfo !== STATUS_INFO.WAITING_CAPACITY)
          // Once, whichever process finds it waiting first (its `updated` event is written once).
          await this.change(kind, r, 'SCREENING', { statusInfo: STATUS_INFO.WAITING_CAPACITY, unless: async (tx) => (await statusInfoOf(tx, w.resourceType, r.id)) === STATUS_INFO.WAITING_CAPACITY });
      }
    }
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

  private async broadcastFirst(kind: AnyKind, r: TransferRecord): Promise<Outcome> {
    const prepared = await this.prepare(kind, r);
    if (typeof prepared === 'string') return prepared;
    const { order, gas, fees } = prepared;
    for (let tries = 0; tries < TAKE_TRIES; tries++) {
      // §18.6: n as the counter reads it now, signed outside any transaction.
      const nonce = await findNonceCounter(this.engine.read, this.hot);
      if (nonce === undefined) throw new Error(`no nonce counter for ${this.hot}`);
      const signing = await this.sign({ ...order, gas, nonce, ...fees });
      if (!signing.ok) return this.signerFailed(kind, r, signing);
      const at = this.clock().toISOString();
      const stored = await this.engine.writer.run((tx) => this.storeFirst(tx, kind, r, prepared, nonce, signing.attempt, at));
      // Another process took n: these signed bytes are never sent; the record is signed again with the next.
      if (stored === 'taken') continue;
      if (stored === 'moved') return 'done';
      if (stored !== 'stored') return stored;
      this.finished += 1;
      // Stored, so sent at once (C7): the next nonce another process signs meanwhile finds no gap before it.
      // A node that does not take it now: the chain pass sends it again.
      await this.send([{ ...signing.attempt, resourceId: r.id, nonce, createdAt: at, firstSentBlock: null, lastSentAt: null }], prepared.head).catch((err: unknown) => {
        if (!unreachable(err)) throw err;
      });
      return 'done';
    }
    return 'retry';
  }

  /**
   * The chain's side of the step out of SCREENING, before anything is signed: capacity (C9), gas (C8; a
   * revert fails the record, C7), fees, the count check (C10). Prepared, or the step's outcome.
   */
  private async prepare(kind: AnyKind, r: TransferRecord): Promise<Prepared | Outcome> {
    const read = this.engine.read;
    if ((await transfersNotFinal(read)).length >= this.config.evm.maxInflight) return 'wait';
    try {
      const order = await this.orderOf(r);
      // C9: the hot balance at `latest` covers what is not yet final and this record.
      const balances: Balances = {
        ...(order.native
          ? {}
          : { token: await this.chain.readContract({ address: order.to, abi: erc20Abi, functionName: 'balanceOf', args: [this.hot], blockTag: 'latest' }) }),
        eth: await this.chain.getBalance({ address: this.hot, blockTag: 'latest' }),
      };
      if (!(await hasCapacity(read, this.config.evm.maxInflight, order, balances))) return 'wait';
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
          await this.failBroadcast(kind, r);
          return 'done';
        }
      }
      const block = await this.chain.getBlock({ blockTag: 'latest' });
      const tip = BigInt(await this.chain.request({ method: 'eth_maxPriorityFeePerGas' }));
      const fees = firstFees(block.baseFeePerGas ?? 0n, tip, this.config.evm.feeCapMultiplier, this.capWei);
      if (!fees) return 'wait';
      if (!(await hasCapacity(read, this.config.evm.maxInflight, order, balances, gas * fees.maxFeePerGas))) return 'wait';
      // C10: the chain's count at `latest` above the counter is a transaction the service did not sign.
      if (!(await this.countCheck())) return 'halted';
      return { order, gas, fees, balances, head: Number(block.number ?? 0n) };
    } catch (err) {
      // §18.6 C7 settled: any node error other than a revert (a rate limit, -32603, an unknown block, a
      // timeout) is the node being unreachable: the record stays in SCREENING, tried again next poll.
      if (err instanceof BaseError || unreachable(err)) {
        this.logger.warn({ resourceId: r.id, reason: err instanceof BaseError ? err.shortMessage : undefined }, 'EVM node unreachable; the record stays in SCREENING');
        return 'retry';
      }
      throw err;
    }
  }

  /**
   * §18.6: the one transaction that stores a signed first attempt — unless halted, the record moved, the
   * capacity went to another process meanwhile (C9, seen after its commit), or the counter no longer reads
   * `nonce` (compare-and-set). Every check comes before the first write, so a refusal writes nothing.
   */
  private async storeFirst(tx: Exec, kind: AnyKind, r: TransferRecord, p: Prepared, nonce: number, attempt: SignedAttempt, at: string): Promise<Stored> {
    if (await findHalt(tx)) return 'halted';
    if ((await kind.load(tx, r.id))?.status !== 'SCREENING') return 'moved';
    if (!(await hasCapacity(tx, this.config.evm.maxInflight, p.order, p.balances, p.gas * p.fees.maxFeePerGas))) return 'wait';
    if (!(await takeNonce(tx, this.hot, nonce, at))) return 'taken';
    const row = await transition(tx, lifecycleOf(kind), {
      id: r.id,
      from: 'SCREENING',
      to: 'BROADCASTING',
      at,
      set: { kytResult: 'CLEARED', txHash: attempt.txHash, dueAt: null },
    });
    // Read as SCREENING in this transaction: a concurrent move is a write conflict the engine runs again.
    if (!row) throw new Error(`transfer ${r.id} left SCREENING within its storing transaction`);
    const { order, gas } = p;
    await insertEvmTransfer(tx, {
      resourceId: r.id,
      resourceType: kind.resourceType,
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
  private async signerFailed(kind: AnyKind, r: TransferRecord, s: Extract<Signing, { ok: false }>): Promise<Outcome> {
    if (s.why === 'unreachable') {
      this.logger.warn({ resourceId: r.id, reason: s.message }, 'EVM signer unreachable; the record stays in SCREENING');
      return 'retry';
    }
    if (s.why === 'mismatch') {
      // C10: nothing is stored; the rail halts.
      await this.halt('SIGNER_MISMATCH', s.message);
      return 'halted';
    }
    // C7: the signer answered an error → FAILED "Broadcast failed"; nothing was stored, no nonce consumed.
    this.logger.info({ resourceId: r.id, reason: s.message }, 'the signer refused the transfer');
    await this.failBroadcast(kind, r);
    return 'done';
  }

  /** C7: FAILED "Broadcast failed" out of SCREENING, its hold released; the deny list cleared it (kytResult CLEARED, §10.10). */
  private async failBroadcast(kind: AnyKind, r: TransferRecord): Promise<void> {
    await this.change(kind, r, 'FAILED', {
      statusInfo: STATUS_INFO.FAILED_BROADCAST,
      set: { kytResult: 'CLEARED', dueAt: null },
      ledger: [{ type: 'RELEASE', amountMinor: r.amountMinor + r.feeMinor }],
    });
  }

  /** Signs one attempt outside any transaction and checks its sender (C10 SIGNER_MISMATCH). */
  private async sign(a: Order & Fees & { gas: bigint; nonce: number }): Promise<Signing> {
    let raw: Hex;
    try {
      raw = await this.signer.sign({
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
    } catch (err) {
      if (err instanceof SignerUnavailable) return { ok: false, why: 'unreachable', message: err.message };
      if (err instanceof SignerRefused) return { ok: false, why: 'refused', message: err.message };
      throw err;
    }
    const from = await recoverTransactionAddress({ serializedTransaction: raw as `0x02${string}` });
    if (from.toLowerCase() !== this.hot.toLowerCase()) return { ok: false, why: 'mismatch', message: `a signed transaction's sender ${from} is not the hot address ${this.hot}` };
    return { ok: true, attempt: { txHash: keccak256(raw), raw, maxFeePerGas: a.maxFeePerGas.toString(), maxPriorityFeePerGas: a.maxPriorityFeePerGas.toString() } };
  }

  /** C10: false (and the rail halted) when the chain's count at `latest` exceeds the counter. */
  private async countCheck(): Promise<boolean> {
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

  // ——— on the chain (C7, C8) ———

  private async chainPass(): Promise<void> {
    const transfers = await transfersNotFinal(this.engine.read);
    if (transfers.length === 0) return;
    // C10: the count check at least once per poll while anything is in flight.
    if (!(await this.countCheck())) return;
    const heads = await headsOf(this.chain, this.config.evm.finality);
    for (const t of transfers) {
      if (this.stopped || (await findHalt(this.engine.read))) return;
      await this.follow(t, heads);
    }
  }

  private async follow(t: EvmTransferRow, heads: Heads): Promise<void> {
    const kind = KINDS[t.resourceType as EvmKindName];
    const r = await kind.load(this.engine.read, t.resourceId);
    if (!r || (r.status !== 'BROADCASTING' && r.status !== 'CONFIRMING')) return;
    const attempts = await attemptsOf(this.engine.read, t.resourceId);
    if (t.includedBlockNumber !== null && t.includedBlockHash !== null) {
      const block = await this.chain.getBlock({ blockNumber: BigInt(t.includedBlockNumber) }).catch((err: unknown) => {
        if (err instanceof BlockNotFoundError) return undefined;
        throw err;
      });
      if (block?.hash === t.includedBlockHash) {
        if (isFinal(t.includedBlockNumber, heads)) await this.decide(kind, r, t);
        return;
      }
      // C7: a reorganisation took the inclusion; the status stays, every attempt is sent again below.
      await this.engine.writer.run((tx) =>
        updateEvmTransfer(tx, t.resourceId, { includedTxHash: null, includedBlockNumber: null, includedBlockHash: null, receiptStatus: null, updatedAt: this.clock().toISOString() }),
      );
    }
    for (const a of attempts) {
      const receipt = await this.chain.getTransactionReceipt({ hash: a.txHash as Hex }).catch((err: unknown) => {
        if (err instanceof TransactionReceiptNotFoundError) return undefined;
        throw err;
      });
      if (!receipt) continue;
      const included = await this.included(kind, r, receipt);
      if (included && isFinal(Number(receipt.blockNumber), heads)) await this.decide(kind, (await kind.load(this.engine.read, r.id))!, (await findEvmTransfer(this.engine.read, t.resourceId))!);
      return;
    }
    // C7 (§18.6 settled): its nonce taken in a final block by a transaction that is none of its attempts —
    // that transaction itself, as the follower noted it, still in the canonical chain. A count above the
    // nonce with no receipt is no evidence (a lagging node answers null): the attempts are sent again and
    // receipts asked next poll.
    if (t.takenByTxHash !== null && t.takenInBlock !== null && isFinal(t.takenInBlock, heads)) {
      const block = await this.chain.getBlock({ blockNumber: BigInt(t.takenInBlock) }).catch((err: unknown) => {
        if (err instanceof BlockNotFoundError) return undefined;
        throw err;
      });
      if (block?.hash?.toLowerCase() === t.takenBlockHash?.toLowerCase()) {
        this.logger.warn({ resourceId: r.id, nonce: t.nonce, txHash: t.takenByTxHash, blockNumber: t.takenInBlock }, 'the nonce went to a transaction that is none of the attempts');
        await this.settle(kind, r, t, 'FAILED', STATUS_INFO.FAILED_BROADCAST);
        return;
      }
    }
    if (r.status === 'BROADCASTING') {
      const replacement = await this.replace(kind, r, t, attempts, heads);
      if (replacement) attempts.push(replacement);
    }
    await this.send(attempts, heads.head);
  }

  /** A receipt of one of its attempts on the canonical chain: CONFIRMING (or `updated` when another attempt is now the included one). */
  private async included(kind: AnyKind, r: TransferRecord, receipt: TransactionReceipt): Promise<boolean> {
    const at = this.clock().toISOString();
    const hash = receipt.transactionHash.toLowerCase();
    return this.engine.writer.run(async (tx) => {
      if (await findHalt(tx)) return false;
      if (r.status === 'BROADCASTING' || r.txHash !== hash) {
        const row = await transition(tx, lifecycleOf(kind), { id: r.id, from: r.status, to: 'CONFIRMING', at, set: { txHash: hash } });
        // The record moved meanwhile: nothing written.
        if (!row) return false;
        this.finished += 1;
      }
      await updateEvmTransfer(tx, r.id, {
        includedTxHash: hash,
        includedBlockNumber: Number(receipt.blockNumber),
        includedBlockHash: receipt.blockHash,
        receiptStatus: receipt.status,
        updatedAt: at,
      });
      return true;
    });
  }

  /** At finality of the including block: success → COMPLETED (the kind's settlement), reverted → FAILED (RELEASE). */
  private async decide(kind: AnyKind, r: TransferRecord, t: EvmTransferRow): Promise<void> {
    if (r.status !== 'CONFIRMING') return;
    if (t.receiptStatus === 'success') await this.settle(kind, r, t, 'COMPLETED');
    else await this.settle(kind, r, t, 'FAILED', STATUS_INFO.FAILED_ON_CHAIN);
  }

  private async settle(kind: AnyKind, r: TransferRecord, t: EvmTransferRow, to: 'COMPLETED' | 'FAILED', statusInfo?: string): Promise<void> {
    const at = this.clock().toISOString();
    const ledger = to === 'COMPLETED' ? kind.settlement(r) : [{ type: 'RELEASE' as const, amountMinor: r.amountMinor + r.feeMinor }];
    await this.change(kind, r, to, { statusInfo, ledger, set: { dueAt: null, ...(to === 'COMPLETED' ? { completedAt: at } : {}) } }, (tx) =>
      updateEvmTransfer(tx, t.resourceId, { finalAt: at, updatedAt: at }),
    );
  }

  /** C8: not included EVM_BUMP_AFTER_BLOCKS blocks after the newest attempt's first send → a replacement. */
  private async replace(kind: AnyKind, r: TransferRecord, t: EvmTransferRow, attempts: EvmAttemptRow[], heads: Heads): Promise<EvmAttemptRow | undefined> {
    const newest = attempts.at(-1);
    if (!newest || newest.firstSentBlock === null || heads.head < newest.firstSentBlock + this.config.evm.bumpAfterBlocks) return undefined;
    const fees = bumpedFees(
      { maxFeePerGas: BigInt(newest.maxFeePerGas), maxPriorityFeePerGas: BigInt(newest.maxPriorityFeePerGas) },
      this.config.evm.bumpPercent,
      this.capWei,
    );
    if (!fees) return undefined;
    const order = { to: t.toAddress as Hex, value: BigInt(t.valueWei), data: t.data as Hex, units: BigInt(t.units), native: t.native, destination: t.toAddress as Hex };
    // §18.6: signed outside any transaction, stored only while the record is still BROADCASTING with that nonce.
    const signing = await this.sign({ ...order, ...fees, gas: BigInt(t.gas), nonce: t.nonce });
    if (!signing.ok) {
      if (signing.why === 'mismatch') await this.halt('SIGNER_MISMATCH', signing.message);
      // Unreachable or refused: no replacement this poll; the stored attempts are sent again.
      else this.logger.warn({ resourceId: r.id, reason: signing.message }, 'the signer did not sign a replacement');
      return undefined;
    }
    const at = this.clock().toISOString();
    const stored = await this.engine.writer.run(async (tx) => {
      if (await findHalt(tx)) return undefined;
      const current = await findEvmTransfer(tx, t.resourceId);
      if ((await kind.load(tx, r.id))?.status !== 'BROADCASTING' || current?.nonce !== t.nonce || current.includedTxHash !== null) return undefined;
      const attempt: EvmAttemptRow = { ...signing.attempt, resourceId: t.resourceId, nonce: t.nonce, createdAt: at, firstSentBlock: null, lastSentAt: null };
      await insertAttempt(tx, attempt);
      // C8: txHash follows the newest attempt while BROADCASTING (event `updated`).
      const row = await transition(tx, lifecycleOf(kind), { id: r.id, from: 'BROADCASTING', to: 'BROADCASTING', at, set: { txHash: signing.attempt.txHash } });
      if (!row) throw new Error(`transfer ${r.id} left BROADCASTING within its storing transaction`);
      return attempt;
    });
    if (stored) this.finished += 1;
    return stored;
  }

  /** C7: every stored attempt is sent (again) until one is included; "already known" / "nonce too low" are not failures. */
  private async send(attempts: EvmAttemptRow[], head: number): Promise<void> {
    for (const a of attempts) {
      if (await findHalt(this.engine.read)) return;
      try {
        await this.chain.sendRawTransaction({ serializedTransaction: a.raw as Hex });
      } catch (err) {
        if (unreachable(err)) throw err;
        this.logger.debug({ txHash: a.txHash, reason: err instanceof BaseError ? err.shortMessage : String(err) }, 'attempt not accepted by the node');
      }
      if (a.firstSentBlock === null) await this.engine.writer.run((tx) => markAttemptSent(tx, a.txHash, head, this.clock().toISOString()));
      a.firstSentBlock ??= head;
    }
  }

  /** One status change (or `updated` event) through transition(), unless halted; `also` writes beside it. */
  private async change(
    kind: AnyKind,
    r: TransferRecord,
    to: string,
    o: {
      statusInfo?: string;
      set?: Record<string, unknown>;
      ledger?: { type: TransactionType; amountMinor: bigint }[];
      /** Checked first in the transaction: true → nothing changes. */
      unless?: (tx: Exec) => Promise<boolean>;
    },
    also?: (tx: Exec) => Promise<void>,
  ): Promise<boolean> {
    const at = this.clock().toISOString();
    const done = await this.engine.writer.run(async (tx) => {
      if (await findHalt(tx)) return false;
      if (await o.unless?.(tx)) return false;
      const row = await transition(tx, lifecycleOf(kind), { id: r.id, from: r.status, to, at, statusInfo: o.statusInfo, set: o.set, ledger: o.ledger });
      if (!row) return false;
      await also?.(tx);
      return true;
    });
    if (done) this.finished += 1;
    return done;
  }
}

/** Records on EVM routes in SCREENING, both kinds, in the order they entered it (dueAt, then id). */
export async function screeningRecords(db: Exec): Promise<Waiting[]> {
  const all = [...(await evmWithdrawalsIn(db, 'SCREENING', BATCH)), ...(await evmRefundsIn(db, 'SCREENING', BATCH))];
  return all.sort((a, b) => ((a.dueAt ?? '') < (b.dueAt ?? '') ? -1 : (a.dueAt ?? '') > (b.dueAt ?? '') ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
