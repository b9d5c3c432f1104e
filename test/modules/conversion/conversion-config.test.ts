// §16.5 conversion configuration: defaults, bounds, and a start refused with the variable named.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.js';

const VARIABLES: [name: string, field: keyof ReturnType<typeof loadConfig>, def: number, min: number, max: number][] = [
  ['CONVERSION_QUOTE_TTL_SECONDS', 'conversionQuoteTtlSeconds', 30, 1, 600],
  ['CONVERSION_RATE_MAX_AGE_SECONDS', 'conversionRateMaxAgeSeconds', 86_400, 1, 2_592_000],
];

describe('§16.5 conversion configuration', () => {
  it('defaults', () => {
    const c = loadConfig({});
    for (const [, field, def] of VARIABLES) expect(c[field], field).toBe(def);
  });

  it.each(VARIABLES)('%s: its bounds are accepted, anything else stops the start naming it', (name, field, _def, min, max) => {
    expect(loadConfig({ [name]: String(min) })[field]).toBe(min);
    expect(loadConfig({ [name]: String(max) })[field]).toBe(max);
    expect(loadConfig({ [name]: '' })[field]).toBe(loadConfig({})[field]);
    for (const bad of [String(min - 1), String(max + 1), '1.5', 'abc', '1e3', '0x10', '-', ' ', '99999999999999999999'])
      expect(() => loadConfig({ [name]: bad }), `${name}=${bad}`).toThrow(new RegExp(`^${name} must be an integer from ${min} to ${max}, got`));
  });
});
