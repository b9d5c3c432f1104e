// test: slow — partnerctl rate and conversion-pair commands
// §13.1, §16.6, §16.9 operator commands for conversion on the database of a running test server (SQLite
// or PostgreSQL): a few runs are the real partnerctl process, the rest its code in the test's process. Exit codes (§11.8): 0 done, 1 a refusal
// with {"code", "detail"} on stderr, 2 a usage error with {"error"}.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/harness.js';
import { partnerctlHere, partnerctlHereJson } from '../../helpers/partnerctl-here.js';
import { expectRefusal, expectUsage, processKit } from '../../helpers/processes.js';

const { partnerctl, partnerctlJson } = processKit({ tempPrefix: 'partner-ctl-conv-' });
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('§16.6 partnerctl rate and conversion-pair (on the server’s own database)', () => {
  let server: TestServer;
  /** A currency of the test's own (a route's, scale 6), so other tests' rates do not interfere. */
  let coin: string;
  let clientId: string;
  beforeAll(async () => {
    server = await startTestServer();
    const client = await server.newClient();
    clientId = client.clientId;
    coin = `C${randomBytes(3).toString('hex').toUpperCase()}`;
    await server.newRoute(client, { currency: coin, scale: 6 });
  });
  afterAll(() => server?.stop());

  const ctl = (args: string[]) => partnerctlHere(server.databaseUrl, args);
  const ctlJson = (args: string[]) => partnerctlHereJson(server.databaseUrl, args);
  /** The same, as the real `partnerctl` process. */
  const spawned = {
    ctl: (args: string[]) => partnerctl(server.databaseUrl, args),
    ctlJson: (args: string[]) => partnerctlJson(server.databaseUrl, args),
  };

  it('rate set prints {base, quote, rate, asOf} and replaces the earlier rate; rate list orders by base, then quote', async () => {
    const a = await spawned.ctlJson(['rate', 'set', '--base', coin, '--quote', 'EUR', '--rate', '0.9200']);
    expect(a).toEqual({ base: coin, quote: 'EUR', rate: '0.92', asOf: expect.stringMatching(ISO) });
    expect(Object.keys(a)).toEqual(['base', 'quote', 'rate', 'asOf']);
    const b = await ctlJson(['rate', 'set', '--base', coin, '--quote', 'EUR', '--rate', '0.93']);
    expect(b.rate).toBe('0.93');
    expect(b.asOf >= a.asOf).toBe(true);
    await ctlJson(['rate', 'set', '--base', 'EUR', '--quote', 'USD', '--rate', '1.08']);
    await ctlJson(['rate', 'set', '--base', coin, '--quote', 'USD', '--rate', '999999999999999999.999999999999999999']);
    const list = (await ctlJson(['rate', 'list'])) as { base: string; quote: string; rate: string }[];
    expect(Array.isArray(list)).toBe(true);
    const keys = list.map((r) => `${r.base}/${r.quote}`);
    expect(keys).toEqual([...keys].sort());
    expect(list.filter((r) => r.base === coin)).toEqual([
      { base: coin, quote: 'EUR', rate: '0.93', asOf: b.asOf },
      { base: coin, quote: 'USD', rate: '999999999999999999.999999999999999999', asOf: expect.stringMatching(ISO) },
    ]);
  });

  it('rate set refusals (VALIDATION_FAILED, exit 1) and usage errors (exit 2)', async () => {
    expectRefusal(await spawned.ctl(['rate', 'set', '--base', coin, '--quote', 'EUR', '--rate', '0']), 'VALIDATION_FAILED');
    expectRefusal(await ctl(['rate', 'set', '--base', coin, '--quote', 'EUR', '--rate', '0.000']), 'VALIDATION_FAILED');
    expectRefusal(await ctl(['rate', 'set', '--base', 'NOPE', '--quote', 'EUR', '--rate', '1']), 'VALIDATION_FAILED');
    expectRefusal(await ctl(['rate', 'set', '--base', 'EUR', '--quote', 'EUR', '--rate', '1']), 'VALIDATION_FAILED');
    expectUsage(await spawned.ctl(['rate', 'set', '--base', coin, '--quote', 'EUR', '--rate', '1e3']));
    expectUsage(await ctl(['rate', 'set', '--base', coin, '--quote', 'EUR', '--rate', '1234567890123456789']));
    expectUsage(await ctl(['rate', 'set', '--base', coin, '--quote', 'EUR']));
  });

  it('conversion-pair create prints the pair; a second create is refused; update, disable and enable print it', async () => {
    const created = await ctlJson(['conversion-pair', 'create', '--client-id', clientId, '--source', coin, '--target', 'EUR', '--spread-bps', '50']);
    expect(created).toEqual({ clientId, sourceCurrency: coin, targetCurrency: 'EUR', spreadBps: 50, minSourceMinor: '1', maxSourceMinor: null, enabled: true });
    expect(Object.keys(created)).toEqual(['clientId', 'sourceCurrency', 'targetCurrency', 'spreadBps', 'minSourceMinor', 'maxSourceMinor', 'enabled']);
    expectRefusal(await ctl(['conversion-pair', 'create', '--client-id', clientId, '--source', coin, '--target', 'EUR', '--spread-bps', '10']), 'VALIDATION_FAILED');
    const other = await ctlJson(['conversion-pair', 'create', '--client-id', clientId, '--source', 'EUR', '--target', coin, '--spread-bps', '0', '--min-source-minor', '100', '--max-source-minor', '5000', '--disabled']);
    expect(other).toMatchObject({ sourceCurrency: 'EUR', targetCurrency: coin, spreadBps: 0, minSourceMinor: '100', maxSourceMinor: '5000', enabled: false });
    const updated = await ctlJson(['conversion-pair', 'update', '--client-id', clientId, '--source', 'EUR', '--target', coin, '--spread-bps', '1000', '--max-source-minor', 'none']);
    expect(updated).toMatchObject({ spreadBps: 1000, minSourceMinor: '100', maxSourceMinor: null, enabled: false });
    expect(await ctlJson(['conversion-pair', 'enable', '--client-id', clientId, '--source', 'EUR', '--target', coin])).toMatchObject({ enabled: true });
    expect(await ctlJson(['conversion-pair', 'enable', '--client-id', clientId, '--source', 'EUR', '--target', coin])).toMatchObject({ enabled: true });
    expect(await ctlJson(['conversion-pair', 'disable', '--client-id', clientId, '--source', coin, '--target', 'EUR'])).toMatchObject({ enabled: false });
    const row = await server.db.get<{ enabled: unknown; spread_bps: number }>(
      'SELECT enabled, spread_bps FROM conversion_pairs WHERE client_id = ? AND source_currency = ? AND target_currency = ?', clientId, coin, 'EUR');
    expect(Boolean(row?.enabled)).toBe(false);
  });

  it('conversion-pair refusals: rules (VALIDATION_FAILED), unknown client or pair (NOT_FOUND); forms are usage errors', async () => {
    const pair = (extra: string[], source = 'USD', target = coin) => ['conversion-pair', 'create', '--client-id', clientId, '--source', source, '--target', target, ...extra];
    // Independent refusals (nothing is written): run side by side.
    const refusals: [string[], string][] = [
      [pair(['--spread-bps', '1001']), 'VALIDATION_FAILED'],
      [pair(['--spread-bps', '5'], 'USD', 'USD'), 'VALIDATION_FAILED'],
      [pair(['--spread-bps', '5'], 'USD', 'XXXUNKNOWN'), 'VALIDATION_FAILED'],
      [pair(['--spread-bps', '5', '--min-source-minor', '10', '--max-source-minor', '9']), 'VALIDATION_FAILED'],
      [pair(['--spread-bps', '5', '--min-source-minor', '0']), 'VALIDATION_FAILED'],
      [['conversion-pair', 'create', '--client-id', 'nobody-here', '--source', 'USD', '--target', coin, '--spread-bps', '5'], 'NOT_FOUND'],
      [['conversion-pair', 'update', '--client-id', clientId, '--source', 'USD', '--target', 'EUR', '--spread-bps', '5'], 'NOT_FOUND'],
      [['conversion-pair', 'disable', '--client-id', clientId, '--source', 'USD', '--target', 'EUR'], 'NOT_FOUND'],
    ];
    const usages = [
      pair(['--spread-bps', '-1']),
      pair(['--spread-bps', '5', '--max-source-minor', '1.5']),
      pair([]),
      ['conversion-pair', 'update', '--client-id', clientId, '--source', coin, '--target', 'EUR'],
    ];
    const [refused, misused] = await Promise.all([Promise.all(refusals.map(([args]) => ctl(args))), Promise.all(usages.map((args) => ctl(args)))]);
    refused.forEach((r, i) => expectRefusal(r, refusals[i]![1]));
    misused.forEach((r) => expectUsage(r));
  }, 90_000);
});
