// §18 C8: the fees of an attempt. Pure functions of the node's numbers and EVM_* settings, in wei.

export type Fees = { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint };

export const GWEI = 1_000_000_000n;

/**
 * C8 first attempt: tip = the node's eth_maxPriorityFeePerGas, maxFee = multiplier × the `latest` base fee
 * + tip, both held at the cap (EVM_MAX_FEE_PER_GAS_GWEI). undefined when the cap is below the base fee:
 * the record waits (C9).
 */
export function firstFees(baseFee: bigint, tip: bigint, multiplier: number, capWei: bigint): Fees | undefined {
  if (capWei < baseFee) return undefined;
  const maxFee = BigInt(multiplier) * baseFee + tip;
  const maxFeePerGas = maxFee > capWei ? capWei : maxFee;
  return { maxFeePerGas, maxPriorityFeePerGas: tip > maxFeePerGas ? maxFeePerGas : tip };
}

/** x × (1 + percent/100), rounded up to the wei. */
export const raised = (x: bigint, percent: number): bigint => {
  const n = x * BigInt(100 + percent);
  return (n + 99n) / 100n;
};

/**
 * C8 replacement: both fees raised by exactly EVM_BUMP_PERCENT % (rounded up to the wei); undefined (no
 * replacement) when the cap would leave either raise below that percent.
 */
export function bumpedFees(previous: Fees, percent: number, capWei: bigint): Fees | undefined {
  const maxFeePerGas = raised(previous.maxFeePerGas, percent);
  const maxPriorityFeePerGas = raised(previous.maxPriorityFeePerGas, percent);
  if (maxFeePerGas > capWei || maxPriorityFeePerGas > capWei) return undefined;
  return { maxFeePerGas, maxPriorityFeePerGas };
}
