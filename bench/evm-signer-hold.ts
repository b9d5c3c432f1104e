// `npm run bench:signer`: what a slow remote signer costs partners' writes (§18.6, C7 and C9 amended: no
// database transaction waits on the signer). One service process (`src/main.ts`) on SQLite, in alternating
// rounds: **rail**, the EVM rail on a local anvil signing through a Web3Signer stand-in that holds every
// signing request BENCH_SIGNER_HOLD_MS (3 s), with BENCH_SIGNER_WITHDRAWALS token withdrawals submitted
// before the load so that a signing request is held throughout it; **no rail**, the same service without
// the EVM variables. The load: REST wallet-beneficiary creates paced at BENCH_SIGNER_RATE a second for
// BENCH_SECONDS (after 2 s not measured). Reported per round: p50, p99, max, and in the rail rounds the
// share of the measured window a signing request was held; at the end the median p99 of each and their
// ratio (the target: within 2x).
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRoute } from '../src/cli/operators.js';
import { PartnerClient } from '../src/client/index.js';
import { loadConfig } from '../src/config.js';
import { DEVNET_DEPOSIT_XPUB, devnetKey } from '../src/config/evm.js';
import { openEngine } from '../src/db/engine.js';
import { startAnvil } from '../src/modules/devnet/anvil.js';
import { DEVNET_HOT, ensureDevnetToken, rpc } from '../src/modules/devnet/token.js';
import { startWeb3Signer } from '../test/helpers/web3signer.js';
import { median, provision, scenarios, SECONDS, startService, stop, type Fixture } from './harness.js';
import { pacedLoad } from './paced.js';
import { signedHeaders } from '../src/http/signature.js';

const HOLD_MS = Number(process.env.BENCH_SIGNER_HOLD_MS ?? 3000);
const RATE = Number(process.env.BENCH_SIGNER_RATE ?? 200);
const ROUNDS = Number(process.env.BENCH_SIGNER_ROUNDS ?? 3);
const WITHDRAWALS = Number(process.env.BENCH_SIGNER_WITHDRAWALS ?? 20);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-signer-'));
const anvil = await startAnvil({ port: 0, slotsInAnEpoch: 1 });
const signer = await startWeb3Signer(devnetKey(0));
const mining = setInterval(() => void rpc(anvil.url, 'evm_mine', []).catch(() => undefined), 250);
const approver = () => ({ authorizedByPartnerUserRef: 'bench', authorizationMethod: 'PASSKEY' as const, mfaEvidenceRef: `mfa-${randomUUID()}` });

const railEnv = () => ({
  EVM_RPC_URLS: anvil.url, EVM_CHAIN_ID: '31337', EVM_DEPOSIT_XPUB: DEVNET_DEPOSIT_XPUB, EVM_SIGNER: 'web3signer', EVM_SIGNER_URL: signer.url,
  EVM_HOT_ADDRESS: DEVNET_HOT.address, EVM_SIGNER_TIMEOUT_MS: String(HOLD_MS + 5000), EVM_FINALITY: '2', EVM_POLL_INTERVAL_MS: '100',
});

/** The rail's token route on the fixture's database, and withdrawals on it that the sender will sign one by one. */
async function submitWithdrawals(f: Fixture, url: string, token: `0x${string}`): Promise<void> {
  const config = loadConfig({ DATABASE_URL: `file:${f.file}`, ...railEnv() });
  const engine = await openEngine({ kind: 'sqlite', file: f.file }, { poolSize: 1 });
  const evmRoute = 'USDT-EVM';
  try {
    await createRoute(engine, { code: evmRoute, clientId: f.clientId, blockchain: 'ETH', currency: 'USDT', scale: 6, minMinor: '1', maxMinor: '1000000000000', feeMinor: '0', rail: 'EVM', tokenContract: token }, config.evm);
  } finally {
    await engine.close();
  }
  const client = new PartnerClient({ baseUrl: url, clientId: f.clientId, secret: f.secret });
  await client.execute(`mutation($c: UUID!, $i: SimulateCryptoDepositInput!) { simulateCryptoDeposit(customerId: $c, input: $i) { depositId } }`, {
    c: f.customerId,
    i: { routeCode: f.routeCode, amountMinor: String(WITHDRAWALS * 1_000_000), fromAddress: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359' },
  });
  const { walletBeneficiaryId } = await client.post<{ walletBeneficiaryId: string }>(`/partner/v1/customers/${f.customerId}/crypto/wallet-beneficiaries`, {
    routeCode: evmRoute, label: 'Bench', blockchain: 'ETH', walletAddress: `0x${randomUUID().replace(/-/g, '').padEnd(40, '0')}`, isOwner: true, walletType: 'PRIVATE_WALLET', ownerType: 'INDIVIDUAL',
  });
  const ask = { routeCode: evmRoute, amountMinor: '1000000', currency: 'USDT', currencyScale: 6 };
  for (let i = 0; i < WITHDRAWALS; i++) {
    const quote = await client.post<{ quoteId: string }>(`/partner/v1/customers/${f.customerId}/crypto/withdrawal-quotes`, ask);
    const draft = await client.createWithdrawalDraft(f.customerId, { ...ask, walletBeneficiaryId, quoteId: quote.quoteId }, approver());
    await client.submitWithdrawal(draft.withdrawalId, approver());
  }
}

type Round = { p50: number; p99: number; max: number; non2xx: number; errors: number; heldShare: number };

async function round(kind: 'rail' | 'no rail', n: number, token: `0x${string}`): Promise<Round> {
  const file = path.join(dir, `partner-${n}-${kind === 'rail' ? 'rail' : 'none'}.db`);
  const f = await provision(file);
  const service = await startService(file, { LOG_LEVEL: 'warn', PARTNER_SANDBOX: 'true', ...(kind === 'rail' ? railEnv() : {}) });
  try {
    signer.delayMs = HOLD_MS;
    if (kind === 'rail') {
      await submitWithdrawals(f, service.url, token);
      const until = Date.now() + 30_000;
      while (signer.held === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    }
    // The share of the measured window (after the 2-s warm-up) with a signing request held, sampled every 10 ms.
    let samples = 0;
    let held = 0;
    const startedAt = Date.now();
    const sampler = setInterval(() => {
      if (Date.now() - startedAt < 2000) return;
      samples++;
      if (signer.held > 0) held++;
    }, 10);
    const make = scenarios.restCreate(f);
    const r = await pacedLoad(service.url, 2, SECONDS, RATE, () => {
      const m = make();
      const headers = signedHeaders(f.secret, { method: m.method, path: m.path, clientId: f.clientId, idempotencyKey: m.key, body: m.body });
      return { method: m.method, path: m.path, body: m.body, headers: { ...headers, 'content-type': 'application/json' } };
    });
    clearInterval(sampler);
    const out = { p50: r.p50, p99: r.p99, max: r.max, non2xx: r.non2xx, errors: r.errors, heldShare: samples ? held / samples : 0 };
    console.log(
      `round ${n} ${kind.padEnd(7)} p50 ${String(out.p50).padStart(6)} ms  p99 ${String(out.p99).padStart(6)} ms  max ${String(out.max).padStart(6)} ms  non-2xx ${out.non2xx}  errors ${out.errors}` +
        (kind === 'rail' ? `  a signing request held ${(out.heldShare * 100).toFixed(0)}% of the window` : ''),
    );
    return out;
  } finally {
    signer.delayMs = 0;
    await stop(service);
  }
}

try {
  const token = await ensureDevnetToken(anvil.url);
  console.log(`REST creates paced at ${RATE}/s for ${SECONDS} s; the signer holds each request ${HOLD_MS} ms; ${ROUNDS} rounds each, alternating`);
  const rail: Round[] = [];
  const none: Round[] = [];
  for (let n = 1; n <= ROUNDS; n++) {
    // The order rotates each round, so neither side always runs first.
    if (n % 2) {
      none.push(await round('no rail', n, token));
      rail.push(await round('rail', n, token));
    } else {
      rail.push(await round('rail', n, token));
      none.push(await round('no rail', n, token));
    }
  }
  const p99Rail = median(rail.map((r) => r.p99));
  const p99None = median(none.map((r) => r.p99));
  const ratio = p99Rail / p99None;
  console.log(`median p99: no rail ${p99None} ms, rail with the signer holding ${p99Rail} ms; ratio ${ratio.toFixed(2)} (target ≤ 2: ${ratio <= 2 ? 'met' : 'NOT met'})`);
} finally {
  clearInterval(mining);
  await signer.close();
  await anvil.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
