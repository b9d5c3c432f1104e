// test: slow — partnerctl fiat rail commands, some as the real process
// §14.1, §16.6, §16.9 a partner's fiat rails on the database of a running test server: `fiat rail enable`
// creates (fee 0, min 1, max none) or re-enables, given options replace and absent ones keep; `disable`;
// the printed shape (amounts as digit strings or null); refusals (exit 1) and usage errors (exit 2); and
// the rule other fiat areas call at their stage E (403 RAIL_NOT_PERMITTED), read fresh.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Problem } from '../../../src/core/problem.js';
import { currencyHasEnabledRail, enabledRails, requireRailPermitted } from '../../../src/modules/fiat-rails/index.js';
import { startTestServer, type TestServer } from '../../helpers/harness.js';
import { partnerctlHere, partnerctlHereJson } from '../../helpers/partnerctl-here.js';
import { expectRefusal, expectUsage, processKit } from '../../helpers/processes.js';

const { partnerctl, partnerctlJson } = processKit({ tempPrefix: 'partner-ctl-fiat-rail-' });

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const ctl = (args: string[]) => partnerctlHere(server.databaseUrl, args);
const ctlJson = (args: string[]) => partnerctlHereJson(server.databaseUrl, args);
const enable = (clientId: string, rail: string, ...more: string[]) => ['fiat', 'rail', 'enable', '--client-id', clientId, '--rail', rail, ...more];
const disable = (clientId: string, rail: string) => ['fiat', 'rail', 'disable', '--client-id', clientId, '--rail', rail];

/** The rule's answer for the partner's rail now: its settings, or the problem's code. */
async function permitted(clientId: string, rail: string): Promise<string | object> {
  try {
    const row = await server.operator((db) => requireRailPermitted(db.read, clientId, rail));
    return { fee: row.withdrawalFeeMinor, min: row.minMinor, max: row.maxMinor };
  } catch (e) {
    if (e instanceof Problem) return `${e.status} ${e.code}`;
    throw e;
  }
}

describe('§14.1 partnerctl fiat rail enable|disable', () => {
  it('enable (the real process) creates the rail with the first defaults and prints it; options replace, absent ones keep', async () => {
    const { clientId } = await server.newClient();
    expect(await permitted(clientId, 'SEPA')).toBe('403 RAIL_NOT_PERMITTED');
    const first = await partnerctlJson(server.databaseUrl, enable(clientId, 'SEPA'));
    expect(first).toEqual({ clientId, rail: 'SEPA', enabled: true, withdrawalFeeMinor: '0', minMinor: '1', maxMinor: null });
    expect(Object.keys(first)).toEqual(['clientId', 'rail', 'enabled', 'withdrawalFeeMinor', 'minMinor', 'maxMinor']);
    expect(await permitted(clientId, 'SEPA')).toEqual({ fee: '0', min: '1', max: null });
    expect(await ctlJson(enable(clientId, 'SEPA', '--withdrawal-fee-minor', '150', '--max-minor', '500000'))).toEqual({
      clientId, rail: 'SEPA', enabled: true, withdrawalFeeMinor: '150', minMinor: '1', maxMinor: '500000',
    });
    expect(await ctlJson(enable(clientId, 'SEPA', '--min-minor', '100'))).toMatchObject({ withdrawalFeeMinor: '150', minMinor: '100', maxMinor: '500000' });
    expect(await ctlJson(enable(clientId, 'SEPA', '--max-minor', 'none'))).toMatchObject({ withdrawalFeeMinor: '150', minMinor: '100', maxMinor: null });
    // The other rails stay as they were: not enabled.
    expect(await permitted(clientId, 'ACH')).toBe('403 RAIL_NOT_PERMITTED');
    expect(await server.operator((db) => enabledRails(db.read, clientId))).toEqual(['SEPA']);
  });

  it('disable keeps the settings; repeating prints it unchanged; enable again re-enables with them (a changed option replaces)', async () => {
    const { clientId } = await server.newClient();
    await ctlJson(enable(clientId, 'ACH', '--withdrawal-fee-minor', '25', '--min-minor', '500', '--max-minor', '1000000'));
    await ctlJson(enable(clientId, 'WIRE'));
    expect(await server.operator((db) => enabledRails(db.read, clientId))).toEqual(['ACH', 'WIRE']);
    const off = await partnerctlJson(server.databaseUrl, disable(clientId, 'ACH'));
    expect(off).toEqual({ clientId, rail: 'ACH', enabled: false, withdrawalFeeMinor: '25', minMinor: '500', maxMinor: '1000000' });
    expect(await ctlJson(disable(clientId, 'ACH'))).toEqual(off);
    expect(await permitted(clientId, 'ACH')).toBe('403 RAIL_NOT_PERMITTED');
    // USD still has WIRE; EUR has none.
    expect(await server.operator((db) => currencyHasEnabledRail(db.read, clientId, 'USD'))).toBe(true);
    expect(await server.operator((db) => currencyHasEnabledRail(db.read, clientId, 'EUR'))).toBe(false);
    expect(await ctlJson(enable(clientId, 'ACH', '--withdrawal-fee-minor', '30'))).toEqual({ ...off, enabled: true, withdrawalFeeMinor: '30' });
    expect(await permitted(clientId, 'ACH')).toEqual({ fee: '30', min: '500', max: '1000000' });
    // Another partner's rails are its own.
    const other = await server.newClient();
    expect(await permitted(other.clientId, 'ACH')).toBe('403 RAIL_NOT_PERMITTED');
  });

  it('refusals (exit 1): unknown client NOT_FOUND, a rail never enabled NOT_FOUND, min < 1 or min > max VALIDATION_FAILED; nothing changed', async () => {
    const { clientId } = await server.newClient();
    expectRefusal(await partnerctl(server.databaseUrl, enable(`nobody-${randomUUID()}`, 'SEPA')), 'NOT_FOUND');
    expectRefusal(await ctl(disable(`nobody-${randomUUID()}`, 'SEPA')), 'NOT_FOUND');
    expectRefusal(await ctl(disable(clientId, 'SEPA')), 'NOT_FOUND', /never enabled/);
    expectRefusal(await ctl(enable(clientId, 'SEPA', '--min-minor', '0')), 'VALIDATION_FAILED');
    expectRefusal(await ctl(enable(clientId, 'SEPA', '--min-minor', '10', '--max-minor', '9')), 'VALIDATION_FAILED', /exceed/);
    expect(await permitted(clientId, 'SEPA')).toBe('403 RAIL_NOT_PERMITTED');
    await ctlJson(enable(clientId, 'SEPA', '--max-minor', '100'));
    // A minimum over the kept maximum is refused too.
    expectRefusal(await ctl(enable(clientId, 'SEPA', '--min-minor', '101')), 'VALIDATION_FAILED');
    expect(await permitted(clientId, 'SEPA')).toEqual({ fee: '0', min: '1', max: '100' });
  });

  it('usage errors (exit 2): a rail outside the choices, amounts that are not digits, missing options (§16.9)', async () => {
    const { clientId } = await server.newClient();
    expectUsage(await partnerctl(server.databaseUrl, enable(clientId, 'FOO')));
    expectUsage(await ctl(enable(clientId, 'sepa')));
    expectUsage(await ctl(enable(clientId, 'SEPA', '--withdrawal-fee-minor', '1.5')));
    expectUsage(await ctl(enable(clientId, 'SEPA', '--min-minor', '-1')));
    expectUsage(await ctl(enable(clientId, 'SEPA', '--max-minor', 'unlimited')));
    expectUsage(await ctl(['fiat', 'rail', 'enable', '--client-id', clientId]));
    expectUsage(await ctl(['fiat', 'rail', 'disable', '--rail', 'SEPA']));
    expect(await permitted(clientId, 'SEPA')).toBe('403 RAIL_NOT_PERMITTED');
  });
});
