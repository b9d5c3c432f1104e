// test: slow — partnerctl route, screening and sandbox commands
// §10.2 and §10.7 operator commands on the database of a running test server (SQLite or PostgreSQL): a few
// runs are the real partnerctl process, the rest its code in the test's process (partnerctl-here.ts). Exit codes (§11.8): 0 done, 1 a
// refusal with {"code", "detail"} on stderr, 2 a usage error with {"error"}.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ETH_ADDRESS, randomEthAddress, Scenario, startTestServer, type TestServer } from '../../helpers/harness.js';
import { partnerctlHere, partnerctlHereJson } from '../../helpers/partnerctl-here.js';
import { expectRefusal, expectUsage, processKit } from '../../helpers/processes.js';

const { partnerctl, partnerctlJson } = processKit({ tempPrefix: 'partner-ctl-test-' });
const newRouteCode = () => `USDT-ETH-${randomBytes(3).toString('hex')}`;

describe('§10.2 / §10.7 partnerctl: routes, screening and sandbox failures (on the server’s own database)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.stop());

  const ctl = (args: string[]) => partnerctlHere(server.databaseUrl, args);
  const ctlJson = (args: string[]) => partnerctlHereJson(server.databaseUrl, args);
  /** The same, as the real `partnerctl` process. */
  const spawned = {
    ctl: (args: string[]) => partnerctl(server.databaseUrl, args),
    ctlJson: (args: string[]) => partnerctlJson(server.databaseUrl, args),
  };
  /** A currency of the test's own, so that scales of other tests' routes do not interfere. */
  const newCurrency = () => `C${randomBytes(3).toString('hex').toUpperCase()}`;
  const routeArgs = (code: string, clientId: string, currency: string, scale: string, extra: string[] = []) => [
    'route', 'create', '--code', code, '--client-id', clientId, '--blockchain', 'ETH', '--currency', currency, '--scale', scale, ...extra,
  ];
  const routeRow = (code: string) =>
    server.db.get<Record<string, unknown>>(
      `SELECT client_id, currency_scale, min_amount_minor, max_amount_minor, fee_amount_minor, travel_rule_threshold_minor FROM routes WHERE route_code = ?`,
      code,
    );


  it('route create --travel-rule-threshold-minor T stores and prints the threshold (absent: null)', async () => {
    const client = await server.newClient();
    const currency = newCurrency();
    const code = newRouteCode();
    const created = await spawned.ctlJson(routeArgs(code, client.clientId, currency, '6', ['--fee-minor', '7', '--travel-rule-threshold-minor', '100000000']));
    expect(created).toMatchObject({ routeCode: code, clientId: client.clientId, currency, currencyScale: 6, feeAmountMinor: '7', travelRuleThresholdMinor: '100000000', enabled: true });
    expect(await routeRow(code)).toMatchObject({ travel_rule_threshold_minor: '100000000' });
    const plain = await ctlJson(routeArgs(newRouteCode(), client.clientId, currency, '6'));
    expect(plain.travelRuleThresholdMinor).toBeNull();
    expectUsage(await ctl(routeArgs(newRouteCode(), client.clientId, currency, '6', ['--travel-rule-threshold-minor', '1.5'])));
  });

  it('route create with a --scale other than that of an existing route of the currency → exit 1 VALIDATION_FAILED (§16.9), nothing written', async () => {
    const a = await server.newClient();
    const b = await server.newClient();
    const currency = newCurrency();
    await ctlJson(routeArgs(newRouteCode(), a.clientId, currency, '6'));
    // Any partner's route of the currency fixes its scale (one balance per currency, §10.1).
    const refused = newRouteCode();
    expectRefusal(await ctl(routeArgs(refused, b.clientId, currency, '8')), 'VALIDATION_FAILED', /have scale 6/);
    expect(await routeRow(refused)).toBeUndefined();
    expect((await ctlJson(routeArgs(refused, b.clientId, currency, '6'))).currencyScale).toBe(6);
    // Another currency has its own.
    expect((await ctlJson(routeArgs(newRouteCode(), b.clientId, newCurrency(), '8'))).currencyScale).toBe(8);
  });

  it('route create refusals and usage errors: unknown client (NOT_FOUND), a route already mapped (VALIDATION_FAILED, §16.9), exit 1; a bad scale (exit 2)', async () => {
    const client = await server.newClient();
    const currency = newCurrency();
    const code = newRouteCode();
    expectRefusal(await spawned.ctl(routeArgs(code, 'no-such-client', currency, '6')), 'NOT_FOUND');
    await ctlJson(routeArgs(code, client.clientId, currency, '6'));
    expectRefusal(await ctl(routeArgs(code, client.clientId, currency, '6')), 'VALIDATION_FAILED', /already mapped/);
    expectUsage(await spawned.ctl(routeArgs(newRouteCode(), client.clientId, currency, 'six')));
  });

  it('route update changes fee, bounds and threshold of that partner’s route and prints it; none clears the threshold', async () => {
    const s = await Scenario.create(server, { currency: 'USDT', scale: 6, feeMinor: '2500', minMinor: '100', maxMinor: '1000000000' });
    const updated = await ctlJson([
      'route', 'update', '--code', s.routeCode, '--client-id', s.client.clientId,
      '--fee-minor', '900', '--min-minor', '50', '--max-minor', '5000000', '--travel-rule-threshold-minor', '2000000',
    ]);
    expect(updated).toMatchObject({
      routeCode: s.routeCode, clientId: s.client.clientId, blockchain: 'ETH', currency: 'USDT', currencyScale: 6,
      feeAmountMinor: '900', minAmountMinor: '50', maxAmountMinor: '5000000', travelRuleThresholdMinor: '2000000', enabled: true,
    });
    expect(Date.parse(updated.updatedAt)).toBeGreaterThanOrEqual(Date.parse(updated.createdAt));
    expect(await routeRow(s.routeCode)).toMatchObject({ fee_amount_minor: '900', min_amount_minor: '50', max_amount_minor: '5000000', travel_rule_threshold_minor: '2000000' });

    // Only what is given changes.
    const cleared = await ctlJson(['route', 'update', '--code', s.routeCode, '--client-id', s.client.clientId, '--travel-rule-threshold-minor', 'none']);
    expect(cleared).toMatchObject({ feeAmountMinor: '900', minAmountMinor: '50', maxAmountMinor: '5000000', travelRuleThresholdMinor: null });

    // A running server applies the new fee to the next draft.
    const customerId = await s.customer();
    const b = await s.beneficiary(customerId, { walletAddress: randomEthAddress() });
    expect(b.status, b.text).toBe(200);
    const w = await server.request(s.client, 'POST', `/partner/v1/customers/${customerId}/crypto-withdrawals`, {
      body: s.withdrawalInput(customerId, b.body.walletBeneficiaryId, { amountMinor: '1000' }),
    });
    expect(w.status, w.text).toBe(200);
    expect(w.body.feeAmountMinor).toBe('900');
  });

  it('route update refusals (exit 1): not mapped to that client, bounds that would cross; usage errors (exit 2): bad amounts, nothing to update', async () => {
    const s = await Scenario.create(server, { minMinor: '100', maxMinor: '1000' });
    const other = await server.newClient();
    expectRefusal(await ctl(['route', 'update', '--code', s.routeCode, '--client-id', other.clientId, '--fee-minor', '1']), 'NOT_FOUND');
    expectRefusal(await ctl(['route', 'update', '--code', newRouteCode(), '--client-id', s.client.clientId, '--fee-minor', '1']), 'NOT_FOUND');
    expectRefusal(await ctl(['route', 'update', '--code', s.routeCode, '--client-id', s.client.clientId, '--min-minor', '5000']), 'VALIDATION_FAILED');
    expectUsage(await ctl(['route', 'update', '--code', s.routeCode, '--client-id', s.client.clientId, '--fee-minor', '-1']));
    expectUsage(await ctl(['route', 'update', '--code', s.routeCode, '--client-id', s.client.clientId, '--min-minor', '9', '--max-minor', '8']));
    expectUsage(await ctl(['route', 'update', '--code', s.routeCode, '--client-id', s.client.clientId]));
    expectUsage(await ctl(['route', 'update', '--code', s.routeCode, '--fee-minor', '1']));
    expect(await routeRow(s.routeCode)).toMatchObject({ min_amount_minor: '100', max_amount_minor: '1000', fee_amount_minor: '2500' });
  });

  it('screening allow removes a deny-list entry and prints {"removed": true|false}; ETH compared case-insensitively', async () => {
    const address = randomEthAddress();
    const checksummed = ETH_ADDRESS;
    await ctlJson(['screening', 'deny', '--blockchain', 'ETH', '--address', address]);
    await ctlJson(['screening', 'deny', '--blockchain', 'ETH', '--address', checksummed]);
    const listed = (a: string) => server.db.count(`SELECT COUNT(*) AS n FROM screening_denylist WHERE blockchain = 'ETH' AND address_key = ?`, a.toLowerCase());
    expect(await ctlJson(['screening', 'allow', '--blockchain', 'ETH', '--address', address])).toEqual({ removed: true });
    expect(await listed(address)).toBe(0);
    expect(await ctlJson(['screening', 'allow', '--blockchain', 'ETH', '--address', address])).toEqual({ removed: false });
    expect(await ctlJson(['screening', 'allow', '--blockchain', 'ETH', '--address', checksummed.toLowerCase()])).toEqual({ removed: true });
    expect(await listed(checksummed)).toBe(0);
    expectUsage(await ctl(['screening', 'allow', '--blockchain', 'ETH', '--address', 'nope']));
    expectUsage(await ctl(['screening', 'allow', '--blockchain', 'DOGE', '--address', address]));
  });

  it('sandbox fail-address adds or replaces an entry and prints it; clear-address prints {"removed": true|false}', async () => {
    const address = randomEthAddress();
    const upper = `0x${address.slice(2).toUpperCase()}`;
    const entry = () => server.db.all(`SELECT blockchain, address_key, fail_at FROM sandbox_failures WHERE address_key = ?`, address);
    expect(await ctlJson(['sandbox', 'fail-address', '--blockchain', 'ETH', '--address', address, '--at', 'BROADCASTING'])).toEqual({
      blockchain: 'ETH', address, at: 'BROADCASTING',
    });
    expect(await entry()).toEqual([{ blockchain: 'ETH', address_key: address, fail_at: 'BROADCASTING' }]);
    // The same destination in other letter case replaces the entry.
    expect(await ctlJson(['sandbox', 'fail-address', '--blockchain', 'ETH', '--address', upper, '--at', 'CONFIRMING'])).toEqual({
      blockchain: 'ETH', address: upper, at: 'CONFIRMING',
    });
    expect(await entry()).toEqual([{ blockchain: 'ETH', address_key: address, fail_at: 'CONFIRMING' }]);
    expectUsage(await ctl(['sandbox', 'fail-address', '--blockchain', 'ETH', '--address', address, '--at', 'SCREENING']));
    expectUsage(await ctl(['sandbox', 'fail-address', '--blockchain', 'ETH', '--address', address]));
    expectUsage(await ctl(['sandbox', 'fail-address', '--blockchain', 'ETH', '--address', '0x123', '--at', 'CONFIRMING']));
    expect(await ctlJson(['sandbox', 'clear-address', '--blockchain', 'ETH', '--address', upper])).toEqual({ removed: true });
    expect(await entry()).toEqual([]);
    expect(await ctlJson(['sandbox', 'clear-address', '--blockchain', 'ETH', '--address', address])).toEqual({ removed: false });
  });
});

