// §11.9 webhook configuration: defaults, bounds, and a start refused with the variable named.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.js';

const VARIABLES: [name: string, field: keyof ReturnType<typeof loadConfig>, def: number, min: number, max: number][] = [
  ['WEBHOOK_TIMEOUT_MS', 'webhookTimeoutMs', 10_000, 100, 30_000],
  ['WEBHOOK_RETRY_BASE_MS', 'webhookRetryBaseMs', 5000, 10, 3_600_000],
  ['WEBHOOK_MAX_AGE_SECONDS', 'webhookMaxAgeSeconds', 259_200, 1, 2_592_000],
  ['WEBHOOK_SECRET_OVERLAP_SECONDS', 'webhookSecretOverlapSeconds', 86_400, 0, 604_800],
  ['WEBHOOK_MAX_IN_FLIGHT_PER_ENDPOINT', 'webhookMaxInFlightPerEndpoint', 4, 1, 64],
];

describe('§11.9 webhook configuration', () => {
  it('defaults', () => {
    const c = loadConfig({});
    for (const [, field, def] of VARIABLES) expect(c[field], field).toBe(def);
    expect(c.webhookRetryMaxDelayMs).toBe(3_600_000);
  });

  it.each(VARIABLES)('%s: its bounds are accepted, anything else stops the start naming it', (name, field, _def, min, max) => {
    // WEBHOOK_RETRY_MAX_DELAY_MS must stay at least the base: give it the largest base.
    const extra = { WEBHOOK_RETRY_MAX_DELAY_MS: '3600000' };
    expect(loadConfig({ ...extra, [name]: String(min) })[field]).toBe(min);
    expect(loadConfig({ ...extra, [name]: String(max) })[field]).toBe(max);
    expect(loadConfig({ ...extra, [name]: '' })[field]).toBe(loadConfig({})[field]);
    for (const bad of [String(min - 1), String(max + 1), '1.5', 'abc', '1e3', '0x10', '-', ' ', '99999999999999999999'])
      expect(() => loadConfig({ ...extra, [name]: bad }), `${name}=${bad}`).toThrow(new RegExp(`^${name} must be an integer from ${min} to ${max}, got`));
  });

  it('WEBHOOK_RETRY_MAX_DELAY_MS is an integer of at least the base delay, without an upper bound', () => {
    expect(loadConfig({ WEBHOOK_RETRY_BASE_MS: '1000', WEBHOOK_RETRY_MAX_DELAY_MS: '1000' }).webhookRetryMaxDelayMs).toBe(1000);
    expect(loadConfig({ WEBHOOK_RETRY_MAX_DELAY_MS: '86400000' }).webhookRetryMaxDelayMs).toBe(86_400_000);
    expect(loadConfig({ WEBHOOK_RETRY_BASE_MS: '3600000' }).webhookRetryMaxDelayMs).toBe(3_600_000);
    for (const [base, bad] of [['5000', '4999'], ['1000', '999'], ['5000', '0'], ['5000', '-5'], ['5000', 'soon'], ['5000', '6000.5']])
      expect(() => loadConfig({ WEBHOOK_RETRY_BASE_MS: base, WEBHOOK_RETRY_MAX_DELAY_MS: bad }), `${base}/${bad}`).toThrow(
        /^WEBHOOK_RETRY_MAX_DELAY_MS must be an integer of at least WEBHOOK_RETRY_BASE_MS/,
      );
    // A base out of range is named first.
    expect(() => loadConfig({ WEBHOOK_RETRY_BASE_MS: '9' })).toThrow(/^WEBHOOK_RETRY_BASE_MS /);
  });
});
