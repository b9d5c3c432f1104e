// §18 C8 the fee rules as pure functions: the first attempt's fees, and a replacement's raise by exactly
// EVM_BUMP_PERCENT % rounded up to the wei, never above EVM_MAX_FEE_PER_GAS_GWEI.
import { describe, expect, it } from 'vitest';
import { bumpedFees, firstFees, GWEI, raised } from '../../../src/modules/evm/fees.js';

describe('C8 fees', () => {
  it('first attempt: maxFee = multiplier × base fee + tip, tip = the node’s', () => {
    expect(firstFees(10n * GWEI, 2n * GWEI, 2, 500n * GWEI)).toEqual({ maxFeePerGas: 22n * GWEI, maxPriorityFeePerGas: 2n * GWEI });
  });

  it('first attempt: held at the cap; a cap below the base fee → none (the record waits)', () => {
    expect(firstFees(300n * GWEI, 2n * GWEI, 2, 500n * GWEI)).toEqual({ maxFeePerGas: 500n * GWEI, maxPriorityFeePerGas: 2n * GWEI });
    expect(firstFees(501n * GWEI, 1n, 1, 500n * GWEI)).toBeUndefined();
    expect(firstFees(500n * GWEI, 1n, 1, 500n * GWEI)).toEqual({ maxFeePerGas: 500n * GWEI, maxPriorityFeePerGas: 1n });
  });

  it('a raise is rounded up to the wei', () => {
    expect(raised(100n, 20)).toBe(120n);
    expect(raised(101n, 20)).toBe(122n); // 121.2 → 122
    expect(raised(1n, 10)).toBe(2n); // 1.1 → 2
    expect(raised(0n, 20)).toBe(0n);
  });

  it('replacement: both fees × (1 + percent/100), rounded up', () => {
    expect(bumpedFees({ maxFeePerGas: 3_000_000_001n, maxPriorityFeePerGas: 1_000_000_001n }, 20, 500n * GWEI)).toEqual({
      maxFeePerGas: 3_600_000_002n, // 3600000001.2 → 3600000002
      maxPriorityFeePerGas: 1_200_000_002n, // 1200000001.2 → 1200000002
    });
  });

  it('no replacement when the cap would leave either raise below the percent', () => {
    // 420 × 1.2 = 504 > 500: capping would raise it by less than 20 %.
    expect(bumpedFees({ maxFeePerGas: 420n * GWEI, maxPriorityFeePerGas: 1n * GWEI }, 20, 500n * GWEI)).toBeUndefined();
    // Exactly at the cap is still a full raise.
    expect(bumpedFees({ maxFeePerGas: 400n * GWEI, maxPriorityFeePerGas: 1n * GWEI }, 25, 500n * GWEI)).toEqual({ maxFeePerGas: 500n * GWEI, maxPriorityFeePerGas: 1_250_000_000n });
  });
});
