// §18.6 "C1 and C12, amended": routes stored before the currency rules that break them (EUR or USD on any
// route; a native EVM route not in ETH; a token route whose currency is not its symbol()) are named in an
// error line at every start, and nothing is signed for them: their withdrawals wait in SCREENING with
// statusInfo "Route misconfigured" (one `updated` event) while other routes' records go on. The routes are
// written as an older build stored them (the rules refuse to create them now).
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDevnet } from '../../helpers/anvil.js';
import { randomEthAddress, Scenario, TestServer, type Client } from '../../helpers/harness.js';
import { partnerctlHereJson } from '../../helpers/partnerctl-here.js';
import { eventsOf, fund, Wd } from '../../helpers/withdrawals.js';
import { attemptsOf, evmEnv, stateOf, waitFor, waitSent, waitStatus } from './chain-transfers.js';

const devnet = useDevnet();
let server: TestServer;
const lines: string[] = [];
let client: Client;
let other: Client;
const tag = randomUUID().slice(0, 6);
const code = {
  badToken: `DAI-EVM-${tag}`,
  badNative: `WETH-EVM-${tag}`,
  eur: `EUR-SBX-${tag}`,
  disabled: `XETH-EVM-${tag}`,
  goodEth: `ETH-EVM-${tag}`,
};

/** A route row as a build before §18.6 stored it. */
async function storedRoute(c: Client, routeCode: string, o: { currency: string; scale: number; rail: 'EVM' | 'SANDBOX'; token?: string; enabled?: boolean }) {
  const at = new Date().toISOString();
  const evm = o.rail === 'EVM';
  await server.db.run(
    `INSERT INTO routes (route_code, client_id, blockchain, currency, currency_scale, min_amount_minor, max_amount_minor, fee_amount_minor, created_at, updated_at, rail, token_contract, token_decimals, evm_token_key)
     VALUES (?, ?, 'ETH', ?, ?, '1', '1000000000000', '0', ?, ?, ?, ?, ?, ?)`,
    routeCode, c.clientId, o.currency, o.scale, at, at, o.rail, o.token ?? null, evm ? (o.token ? 6 : 18) : null, evm ? (o.token?.toLowerCase() ?? 'native') : null,
  );
  if (o.enabled === false) await server.db.run('UPDATE routes SET enabled = NOT enabled WHERE route_code = ? AND client_id = ?', routeCode, c.clientId);
}

/** The error lines of the last start that name a route. */
const namedAtStart = () =>
  lines
    .map((l) => JSON.parse(l) as { level: number; routeCode?: string; msg: string })
    .filter((l) => l.level === 50 && l.routeCode !== undefined);

beforeAll(async () => {
  server = new TestServer(evmEnv(devnet().url));
  server.logger = pino({ level: 'info' }, { write: (s: string) => void lines.push(s) });
  await server.start();
  client = await server.newClient();
  other = await server.newClient();
  await storedRoute(client, code.badToken, { currency: 'DAI', scale: 6, rail: 'EVM', token: devnet().token });
  await storedRoute(other, code.badNative, { currency: 'WETH', scale: 18, rail: 'EVM' });
  await storedRoute(other, code.eur, { currency: 'EUR', scale: 2, rail: 'SANDBOX' });
  await storedRoute(await server.newClient(), code.disabled, { currency: 'XETH', scale: 18, rail: 'EVM', enabled: false });
  await storedRoute(client, code.goodEth, { currency: 'ETH', scale: 9, rail: 'EVM' });
  lines.length = 0;
  await server.restart();
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

describe('§18.6 routes stored before the currency rules', { timeout: 120_000 }, () => {
  it('each enabled route that breaks them is named in an error line at start (code, partner, why); good and disabled routes are not', async () => {
    const named = namedAtStart();
    expect(named.map((l) => l.routeCode).sort()).toEqual([code.badToken, code.badNative, code.eur].sort());
    const msg = (c: string) => named.find((l) => l.routeCode === c)!.msg;
    expect(msg(code.badToken)).toMatch(/currency DAI is not the token's symbol\(\) "USDT"/);
    expect(msg(code.badToken)).toContain(client.clientId);
    expect(msg(code.badNative)).toMatch(/must be ETH, not WETH/);
    expect(msg(code.eur)).toMatch(/EUR is reserved/);
  });

  it('its withdrawals wait in SCREENING "Route misconfigured" (one `updated` event), nothing signed; a later record on a good route is signed', async () => {
    const dai = new Scenario(server, client, code.badToken);
    await server.newRoute(client, { code: `DAI-SBX-${tag}`, currency: 'DAI', scale: 6, maxMinor: '100000000000000' });
    const wd = await Wd.create(dai, randomEthAddress());
    const w = await wd.draft({ amountMinor: '1000000', currency: 'DAI', currencyScale: 6 });
    await fund(new Scenario(server, client, `DAI-SBX-${tag}`), wd.customerId, '1000000', 'DAI', 6);
    expect((await wd.submitRest(w.withdrawalId)).body.status).toBe('SUBMITTED');
    const waiting = await waitFor(() => stateOf(server, 'withdrawal', w.withdrawalId), (s) => s?.status_info === 'Route misconfigured', 'Route misconfigured');
    expect(waiting).toMatchObject({ status: 'SCREENING', tx_hash: null });

    // Entered SCREENING after it, on a good route of the same partner: signed, not held back.
    await server.newRoute(client, { code: `ETH-SBX-${tag}`, currency: 'ETH', scale: 9, maxMinor: '100000000000000' });
    const eth = await Wd.create(new Scenario(server, client, code.goodEth), randomEthAddress());
    const e = await eth.draft({ amountMinor: '1000', currency: 'ETH', currencyScale: 9 });
    await fund(new Scenario(server, client, `ETH-SBX-${tag}`), eth.customerId, '1000', 'ETH', 9);
    expect((await eth.submitRest(e.withdrawalId)).body.status).toBe('SUBMITTED');
    await waitStatus(server, 'withdrawal', e.withdrawalId, 'BROADCASTING');
    await waitSent(server, e.withdrawalId);
    await devnet().mine(1);
    await waitStatus(server, 'withdrawal', e.withdrawalId, 'CONFIRMING');

    expect(await stateOf(server, 'withdrawal', w.withdrawalId)).toMatchObject({ status: 'SCREENING', status_info: 'Route misconfigured', tx_hash: null });
    expect(await attemptsOf(server, w.withdrawalId)).toEqual([]);
    expect(await server.db.count('SELECT COUNT(*) AS n FROM evm_transfers WHERE resource_id = ?', w.withdrawalId)).toBe(0);
    const events = await eventsOf(server, w.withdrawalId);
    expect(events.map((ev) => ev.type)).toEqual(['crypto_withdrawal.approved', 'crypto_withdrawal.submitted', 'crypto_withdrawal.screening', 'crypto_withdrawal.updated']);

    // Disabled by an operator: no longer named at start; still nothing signed for it.
    await partnerctlHereJson(server.databaseUrl, ['route', 'disable', '--code', code.badToken]);
    lines.length = 0;
    await server.restart();
    expect(namedAtStart().map((l) => l.routeCode).sort()).toEqual([code.badNative, code.eur].sort());
    // The restarted sender's passes go on (the good record is decided at finality); the bad one still waits.
    await devnet().mine(2);
    await waitStatus(server, 'withdrawal', e.withdrawalId, 'COMPLETED');
    expect(await stateOf(server, 'withdrawal', w.withdrawalId)).toMatchObject({ status: 'SCREENING', status_info: 'Route misconfigured', tx_hash: null });
    expect(await attemptsOf(server, w.withdrawalId)).toEqual([]);
    expect((await eventsOf(server, w.withdrawalId)).filter((ev) => ev.type === 'crypto_withdrawal.updated')).toHaveLength(1);
  });
});
