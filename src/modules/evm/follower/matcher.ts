// §18 C6, C10, C12, C13: what a block means to the service. Matching (outside any transaction): its
// transfers into deposit addresses — token Transfer logs and successful top-level native transfers —
// summed per (transaction, address, token), and the hot address's own transactions. Applying (in the
// block's transaction): each sum on the partner's route of its token becomes a deposit (or its
// re-inclusion), one below the route's minimum or without a route is counted unattributed, and a hot
// address transaction that is none of the stored attempts halts the rail (FOREIGN_TRANSACTION).
import { getAddress, type Hex } from 'viem';
import type { Exec } from '../../../db/exec.js';
import { clientsOfCustomers } from '../../customers/index.js';
import { includeChainDeposit } from '../../deposits/index.js';
import { evmRouteOfToken, evmTokenKeys } from '../../routes/index.js';
import { evmAddressesAmong } from '../addresses/repository.js';
import { insertHalt, findRail } from '../rail/repository.js';
import { noteNonceTaken } from '../transfers-repository.js';
import { NotYet, type ChainBlock, type ChainReader, type ChainTx } from './reader.js';
import { addUnattributed, knownAttempts } from './repository.js';
import type { LogWindow } from './transfer-logs.js';

/** A deposit address with its customer's partner. */
export type DepositAddress = { addressKey: string; address: string; customerId: string; clientId: string };

/** One (transaction, address, token) sum of C12, before its route is known. */
type TransferSum = { txHash: string; address: DepositAddress; tokenKey: string; units: bigint; from: string; logIndex: number };

/** What a block holds for the service: transfer sums into deposit addresses, and the hot address's transactions. */
export type BlockMatches = { sums: TransferSum[]; hotTxs: ChainTx[] };

/** The token contracts (lower case, sorted) of the EVM routes: what the log queries ask for. */
export async function tokenContracts(read: Exec): Promise<Hex[]> {
  return (await evmTokenKeys(read)).filter((k) => k !== 'native').sort() as Hex[];
}

/** C4: the deposit addresses among `keys` (lower case), with their customers' partners. */
async function depositAddressesAmong(read: Exec, keys: string[]): Promise<DepositAddress[]> {
  const rows = await evmAddressesAmong(read, keys);
  const clients = await clientsOfCustomers(
    read,
    rows.map((r) => r.customerId),
  );
  return rows.flatMap((r) => {
    const clientId = clients.get(r.customerId);
    return clientId === undefined ? [] : [{ addressKey: r.addressKey, address: r.address, customerId: r.customerId, clientId }];
  });
}

/** C13: the block's matching transfers into deposit addresses, summed per (transaction, address, token). */
export async function matchBlock(read: Exec, reader: ChainReader, block: ChainBlock, window?: LogWindow): Promise<BlockMatches | NotYet> {
  const rail = await findRail(read);
  const hot = rail?.hotAddress.toLowerCase();
  const hotTxs = hot === undefined ? [] : block.txs.filter((t) => t.from === hot);
  const keys = await evmTokenKeys(read);
  const tokens = keys.filter((k) => k !== 'native') as Hex[];
  const native = keys.includes('native');
  const logs = await reader.transferLogs(block, tokens, window);
  if (logs instanceof NotYet) return logs;
  const candidates = new Set<string>(logs.map((l) => l.to));
  const nativeTxs = native ? block.txs.filter((t) => t.value > 0n && t.to !== null) : [];
  for (const t of nativeTxs) candidates.add(t.to!);
  const addresses = new Map((await depositAddressesAmong(read, [...candidates])).map((a) => [a.addressKey, a]));
  const sums = new Map<string, TransferSum>();
  const add = (txHash: string, to: string, tokenKey: string, units: bigint, from: string, logIndex: number) => {
    const address = addresses.get(to);
    if (!address) return;
    const key = `${txHash}|${to}|${tokenKey}`;
    const s = sums.get(key);
    if (!s) sums.set(key, { txHash, address, tokenKey, units, from, logIndex });
    else {
      s.units += units;
      if (logIndex < s.logIndex) Object.assign(s, { from, logIndex });
    }
  };
  for (const l of logs) add(l.txHash, l.to, l.token, l.value, l.from, l.logIndex);
  for (const t of nativeTxs) {
    if (!addresses.has(t.to!)) continue;
    // C13: only a successful top-level transfer counts; a receipt the node does not have yet → not yet.
    const receipt = await reader.receiptIn(t.hash, block.hash);
    if (receipt instanceof NotYet) return receipt;
    if (receipt.status === 'success') add(t.hash, t.to!, 'native', t.value, t.from, -1);
  }
  return { sums: [...sums.values()], hotTxs };
}

export type ApplyOptions = {
  at: string;
  /** C12 EVM_MIN_DEPOSIT_MINOR: a smaller sum creates no deposit. */
  minDepositMinor: bigint;
  /** False on a rescan: its transfers were counted unattributed when first read. */
  countUnattributed: boolean;
};

/** The block's deposits (C6, C12) and foreign transactions (C10), in the block's transaction; the records changed. */
export async function applyMatches(tx: Exec, block: ChainBlock, m: BlockMatches, o: ApplyOptions): Promise<number> {
  let changed = 0;
  if (m.hotTxs.length > 0) {
    const known = await knownAttempts(
      tx,
      m.hotTxs.map((t) => t.hash),
    );
    const foreign = m.hotTxs.filter((t) => !known.has(t.hash));
    // §18.6 C7 settled: each one is noted, by nonce, beside the record whose nonce it took.
    const hot = m.hotTxs[0]!.from;
    for (const t of foreign) await noteNonceTaken(tx, hot, { hash: t.hash, nonce: t.nonce, block: block.number, blockHash: block.hash }, o.at);
    const first = foreign[0];
    if (first)
      await insertHalt(tx, {
        reason: 'FOREIGN_TRANSACTION',
        since: o.at,
        detail: `transaction ${first.hash} with nonce ${first.nonce} in block ${block.number} is none of the stored attempts`,
      });
  }
  let unattributed = 0;
  for (const s of m.sums) {
    const route = await evmRouteOfToken(tx, s.address.clientId, s.tokenKey);
    if (!route || route.tokenDecimals === null || route.tokenDecimals < route.currencyScale) {
      unattributed += 1;
      continue;
    }
    // C12: summed units, converted and floored once; the remainder stays with operators.
    const amount = s.units / 10n ** BigInt(route.tokenDecimals - route.currencyScale);
    if (amount < o.minDepositMinor) {
      unattributed += 1;
      continue;
    }
    const outcome = await includeChainDeposit(
      tx,
      {
        route,
        customerId: s.address.customerId,
        clientId: s.address.clientId,
        toAddress: s.address.address,
        txHash: s.txHash,
        fromAddress: getAddress(s.from),
        amountMinor: amount.toString(),
        units: s.units.toString(),
        blockNumber: block.number,
        blockHash: block.hash,
      },
      o.at,
    );
    if (outcome !== 'unchanged') changed += 1;
  }
  if (o.countUnattributed) await addUnattributed(tx, unattributed);
  return changed;
}
