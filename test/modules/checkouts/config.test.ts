// §16.5 the checkouts' configuration: CHECKOUT_MIN/DEFAULT/MAX_TTL_SECONDS, their ranges, and min ≤
// default ≤ max, a bad value stopping the start with a message naming the variables.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.js';

describe('§16.5 CHECKOUT_MIN_TTL_SECONDS / CHECKOUT_DEFAULT_TTL_SECONDS / CHECKOUT_MAX_TTL_SECONDS', () => {
  it('defaults 60 / 900 / 604800; values in range taken, min = default = max allowed', () => {
    expect(loadConfig({}).checkoutTtlSeconds).toEqual({ min: 60, default: 900, max: 604_800 });
    const env = { CHECKOUT_MIN_TTL_SECONDS: '5', CHECKOUT_DEFAULT_TTL_SECONDS: '5', CHECKOUT_MAX_TTL_SECONDS: '5' };
    expect(loadConfig(env).checkoutTtlSeconds).toEqual({ min: 5, default: 5, max: 5 });
    expect(loadConfig({ CHECKOUT_MAX_TTL_SECONDS: '2592000' }).checkoutTtlSeconds.max).toBe(2_592_000);
  });

  it.each([
    ['CHECKOUT_MIN_TTL_SECONDS', '0'],
    ['CHECKOUT_DEFAULT_TTL_SECONDS', '2592001'],
    ['CHECKOUT_MAX_TTL_SECONDS', '1.5'],
  ])('%s=%s stops the start, naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });

  it.each([
    [{ CHECKOUT_MIN_TTL_SECONDS: '1000' }],
    [{ CHECKOUT_DEFAULT_TTL_SECONDS: '604801' }],
    [{ CHECKOUT_MAX_TTL_SECONDS: '899' }],
  ])('min ≤ default ≤ max broken (%o) stops the start, naming the three', (env) => {
    for (const name of ['CHECKOUT_MIN_TTL_SECONDS', 'CHECKOUT_DEFAULT_TTL_SECONDS', 'CHECKOUT_MAX_TTL_SECONDS']) expect(() => loadConfig(env)).toThrow(name);
  });
});
