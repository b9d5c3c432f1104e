// C14: anvil from the project's dependencies, chain 31337, the test token at its fixed address with
// 6 decimals and 10^12 units for the hot wallet and the payer; blocks only when mined.
import { erc20Abi } from 'viem';
import { describe, expect, it } from 'vitest';
import { chainAt } from '../../../src/modules/evm/chain.js';
import { DEVNET_HOT, DEVNET_PAYER, DEVNET_TOKEN_ADDRESS, TOKEN_UNITS_MINTED } from '../../../src/modules/devnet/token.js';
import { useDevnet } from '../../helpers/anvil.js';

const devnet = useDevnet();

describe('the devnet (C14)', () => {
  it('is chain 31337 with the token deployed at its fixed address, minted to the hot wallet and the payer', async () => {
    const chain = chainAt([devnet().url]);
    expect(await chain.getChainId()).toBe(31337);
    expect(devnet().token).toBe(DEVNET_TOKEN_ADDRESS);
    const read = (functionName: 'decimals' | 'symbol' | 'name') => chain.readContract({ address: DEVNET_TOKEN_ADDRESS, abi: erc20Abi, functionName });
    expect([await read('name'), await read('symbol'), await read('decimals')]).toEqual(['Devnet USD', 'USDT', 6]);
    for (const holder of [DEVNET_HOT.address, DEVNET_PAYER.address])
      expect(await chain.readContract({ address: DEVNET_TOKEN_ADDRESS, abi: erc20Abi, functionName: 'balanceOf', args: [holder] })).toBe(TOKEN_UNITS_MINTED);
  });

  it('makes blocks only when mined; finalized is head − 2 with one slot per epoch (C5)', async () => {
    const head = await devnet().head();
    expect(await devnet().head()).toBe(head);
    expect(await devnet().mine(5)).toBe(head + 5);
    const finalized = await chainAt([devnet().url]).getBlock({ blockTag: 'finalized' });
    expect(Number(finalized.number)).toBe(head + 5 - 2);
  });
});
