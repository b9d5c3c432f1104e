// §18 C13 ERC-20 Transfer logs as the follower reads them: the event, its decoding, a range query's answer
// grouped by block (and by block hash within a number), and the logs bloom test that tells an empty answer
// the block agrees with from one it contradicts.
import { hexToBytes, keccak256, parseAbiItem, toHex, type Hex } from 'viem';

export const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');
export const TRANSFER_TOPIC = keccak256(toHex('Transfer(address,address,uint256)'));

/** A Transfer log as the follower keeps it (addresses and hashes lower-case). */
export type TransferLog = { txHash: string; token: string; from: string; to: string; value: bigint; logIndex: number };

/** The tokens' Transfer logs of blocks `from`–`to` from one range query, by block number, each with its block's hash. */
export type LogWindow = { from: number; to: number; tokens: string; byBlock: Map<number, { hash: string; logs: TransferLog[] }[]> };

/** A Transfer log as viem decodes it. */
export type ChainTransferLog = {
  transactionHash: Hex | null;
  address: Hex;
  args: { from: Hex; to: Hex; value: bigint };
  logIndex: number | null;
  removed: boolean;
  blockNumber: bigint | null;
  blockHash: Hex | null;
};

/** A range query's logs by block number, and by block hash within a number (a reorganisation during the query). */
export function logsByBlock(logs: ChainTransferLog[]): LogWindow['byBlock'] {
  const byBlock: LogWindow['byBlock'] = new Map();
  for (const l of logs) {
    if (l.removed || l.blockNumber === null || l.blockHash === null) continue;
    const n = Number(l.blockNumber);
    const hash = l.blockHash.toLowerCase();
    const forBlock = byBlock.get(n) ?? [];
    byBlock.set(n, forBlock);
    let entry = forBlock.find((e) => e.hash === hash);
    if (!entry) forBlock.push((entry = { hash, logs: [] }));
    entry.logs.push(transferLog(l));
  }
  return byBlock;
}

/** A decoded Transfer log as the follower keeps it. */
export function transferLog(l: ChainTransferLog): TransferLog {
  return {
    txHash: l.transactionHash!.toLowerCase(),
    token: l.address.toLowerCase(),
    from: l.args.from.toLowerCase(),
    to: l.args.to.toLowerCase(),
    value: l.args.value,
    logIndex: l.logIndex!,
  };
}

/** Whether a 2048-bit logs bloom (the yellow paper's M3:2048) may contain `value` (an address or a topic). */
export function bloomHas(bloom: string, value: Hex): boolean {
  const bits = hexToBytes(bloom as Hex);
  const h = hexToBytes(keccak256(value));
  for (let i = 0; i < 6; i += 2) {
    const bit = ((h[i]! << 8) | h[i + 1]!) & 2047;
    if ((bits[256 - 1 - (bit >> 3)]! & (1 << (bit & 7))) === 0) return false;
  }
  return true;
}
