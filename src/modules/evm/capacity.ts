// §18 C9 the hot wallet's capacity: a record is signed only while fewer than EVM_MAX_INFLIGHT transfers are
// not yet final and the balances at `latest` cover them and it — tokens: Σ units of that contract not yet
// final + its own; ETH: Σ gas × maxFeePerGas of the newest attempts not yet final + its own gas + the
// amounts of native transfers. Asked once cheaply before the gas estimate and again inside the
// sign-and-store transaction, after the nonce counter's UPDATE, so that processes sharing the hot wallet
// see each other's transfers.
import type { Hex } from 'viem';
import type { Exec } from '../../db/exec.js';
import { newestAttempts, transfersNotFinal } from './transfers-repository.js';

/** The hot wallet's balances at `latest`: the record's token (absent for native ETH) and ETH in wei. */
export type Balances = { token?: bigint; eth: bigint };

/** What the record would send: to the token contract (or the destination, native), its value and units. */
export type Outgoing = { to: Hex; value: bigint; units: bigint; native: boolean };

/** Whether `order` fits beside the transfers not yet final as `x` sees them; `gasCost`: its own gas × maxFeePerGas once known. */
export async function hasCapacity(x: Exec, maxInflight: number, order: Outgoing, balances: Balances, gasCost = 0n): Promise<boolean> {
  const pending = await transfersNotFinal(x);
  if (pending.length >= maxInflight) return false;
  if (!order.native) {
    const owed = pending.filter((p) => !p.native && p.toAddress.toLowerCase() === order.to.toLowerCase()).reduce((s, p) => s + BigInt(p.units), 0n);
    if (balances.token! < owed + order.units) return false;
  }
  const newest = await newestAttempts(x, pending.map((p) => p.resourceId));
  const gasOf = new Map(pending.map((p) => [p.resourceId, BigInt(p.gas)]));
  const ethOwed =
    newest.reduce((s, a) => s + gasOf.get(a.resourceId)! * BigInt(a.maxFeePerGas), 0n) + pending.filter((p) => p.native).reduce((s, p) => s + BigInt(p.valueWei), 0n);
  return balances.eth >= ethOwed + gasCost + order.value;
}
