// `npm run bench:evm`: the EVM rail (§18) on a local anvil, one service process, on SQLite and then on
// PostgreSQL (BENCH_PG_URL, default the local `test` database, a schema of its own dropped afterwards;
// skipped when it does not answer), and on PostgreSQL again with a second server process (`src/main.ts`)
// on the same schema running the rail beside the bench's:
//   - withdrawals: BENCH_EVM_WITHDRAWALS (default 60) token withdrawals submitted at once through one hot
//     wallet; anvil mines a block every BENCH_EVM_BLOCK_MS (default 250) and finality is 2 blocks; reported:
//     withdrawals COMPLETED per second, from the first submission to the last COMPLETED;
//   - catch-up: BENCH_EVM_BLOCKS (default 400) blocks, one deposit transfer in every tenth, read by a
//     follower started behind them; reported: blocks per second until it reaches the head.
// What limits each: the withdrawals by EVM_MAX_INFLIGHT (64 here) and the blocks needed (inclusion +
// finality); the follower by its round trips per block (block, logs by hash, receipts of native candidates).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createWalletClient, erc20Abi, http, type Hex } from 'viem';
import { foundry } from 'viem/chains';
import { createClient, createRoute } from '../src/cli/operators.js';
import { loadConfig } from '../src/config.js';
import { DEVNET_DEPOSIT_XPUB, devnetKey } from '../src/config/evm.js';
import { PartnerClient } from '../src/client/index.js';
import { startAnvil } from '../src/modules/devnet/anvil.js';
import { DEVNET_PAYER, ensureDevnetToken, rpc } from '../src/modules/devnet/token.js';
import { startService } from '../src/service.js';
import { onPgSchema, pgAnswers } from './pg-schema.js';
import { openEngine } from '../src/db/engine.js';
import { evmAddressOf } from '../src/modules/evm/index.js';

const WITHDRAWALS = Number(process.env.BENCH_EVM_WITHDRAWALS ?? 60);
const BLOCK_MS = Number(process.env.BENCH_EVM_BLOCK_MS ?? 250);
const BLOCKS = Number(process.env.BENCH_EVM_BLOCKS ?? 400);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-evm-'));
const keyFile = path.join(dir, 'hot.key');
fs.writeFileSync(keyFile, devnetKey(0), { mode: 0o600 });
const approver = () => ({ authorizedByPartnerUserRef: 'bench', authorizationMethod: 'PASSKEY' as const, mfaEvidenceRef: `mfa-${randomUUID()}` });

/** A second server process on the bench's database (the rail runs in it too); resolves once it listens. */
function secondProcess(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { env: { ...process.env, ...env, LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      if (/listening on/i.test(out)) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`the second process exited (${code}) before it listened`)));
  });
}

async function run(engineName: string, databaseUrl: string, anvilUrl: string, processes = 1): Promise<{ withdrawalsPerSecond: number; blocksPerSecond: number }> {
  const env = {
    PORT: '0', DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', PARTNER_SANDBOX: 'true', RATE_LIMIT_RPS: '100000', RATE_LIMIT_BURST: '100000',
    EVM_RPC_URLS: anvilUrl, EVM_CHAIN_ID: '31337', EVM_DEPOSIT_XPUB: DEVNET_DEPOSIT_XPUB, EVM_SIGNER_KEY_FILE: keyFile,
    EVM_FINALITY: '2', EVM_POLL_INTERVAL_MS: '100', EVM_MAX_INFLIGHT: '64', WORKER_POLL_INTERVAL_MS: '50', SANDBOX_STEP_DELAY_MS: '0',
    // The follower's catch-up range (§18.3); BENCH_EVM_LOG_RANGE_MAX=1 reads every block's logs by its hash.
    EVM_LOG_RANGE_MAX: process.env.BENCH_EVM_LOG_RANGE_MAX ?? '1000',
  };
  const config = loadConfig(env);
  const token = await ensureDevnetToken(anvilUrl);
  const mining = setInterval(() => void rpc(anvilUrl, 'evm_mine', []).catch(() => undefined), BLOCK_MS);
  let service = await startService(config);
  const second = processes === 2 ? await secondProcess(env) : undefined;
  try {
    const { clientId, secret } = await createClient(service.engine, config.secretBox, { name: 'Bench EVM' });
    const tag = randomBytes(3).toString('hex');
    const evmRoute = `USDT-EVM-${tag}`;
    const sandboxRoute = `USDT-SBX-${tag}`;
    await createRoute(service.engine, { code: evmRoute, clientId, blockchain: 'ETH', currency: 'USDT', scale: 6, minMinor: '1', maxMinor: '1000000000000', feeMinor: '0', rail: 'EVM', tokenContract: token }, config.evm);
    await createRoute(service.engine, { code: sandboxRoute, clientId, blockchain: 'ETH', currency: 'USDT', scale: 6, minMinor: '1', maxMinor: '1000000000000', feeMinor: '0' });
    const client = new PartnerClient({ baseUrl: service.url, clientId, secret });
    const { createCustomer } = await client.execute<{ createCustomer: { customerId: string } }>(
      `mutation($input: CreateCustomerInput!) { createCustomer(input: $input) { customerId } }`,
      { input: { externalRef: `bench-${tag}`, type: 'INDIVIDUAL', displayName: 'Bench' } },
    );
    const customerId = createCustomer.customerId;
    await client.execute(`mutation($c: UUID!, $i: SimulateCryptoDepositInput!) { simulateCryptoDeposit(customerId: $c, input: $i) { depositId } }`, {
      c: customerId,
      i: { routeCode: sandboxRoute, amountMinor: String(WITHDRAWALS * 1_000_000), fromAddress: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359' },
    });
    const destination = `0x${randomBytes(20).toString('hex')}`;
    const { walletBeneficiaryId } = await client.post<{ walletBeneficiaryId: string }>(`/partner/v1/customers/${customerId}/crypto/wallet-beneficiaries`, {
      routeCode: evmRoute, label: 'Bench', blockchain: 'ETH', walletAddress: destination, isOwner: true, walletType: 'PRIVATE_WALLET', ownerType: 'INDIVIDUAL',
    });
    const ask = { routeCode: evmRoute, amountMinor: '1000000', currency: 'USDT', currencyScale: 6 };
    const drafts = [];
    for (let i = 0; i < WITHDRAWALS; i++) {
      const quote = await client.post<{ quoteId: string }>(`/partner/v1/customers/${customerId}/crypto/withdrawal-quotes`, ask);
      drafts.push(await client.createWithdrawalDraft(customerId, { ...ask, walletBeneficiaryId, quoteId: quote.quoteId }, approver()));
    }
    const t0 = performance.now();
    await Promise.all(drafts.map((d) => client.submitWithdrawal(d.withdrawalId, approver())));
    for (;;) {
      const page = await client.get<{ items: { status: string }[] }>(`/partner/v1/customers/${customerId}/crypto-withdrawals`, { limit: 100 });
      if (page.items.filter((w) => w.status === 'COMPLETED').length === WITHDRAWALS) break;
      if (page.items.some((w) => w.status === 'FAILED' || w.status === 'REJECTED')) throw new Error('a withdrawal did not complete');
      await new Promise((r) => setTimeout(r, 50));
    }
    const withdrawalsPerSecond = WITHDRAWALS / ((performance.now() - t0) / 1000);

    // Catch-up (one process): the follower stopped, BLOCKS blocks made (a deposit in every tenth), then started behind them.
    clearInterval(mining);
    await service.stop();
    await stopProcess(second);
    const payer = createWalletClient({ account: DEVNET_PAYER, chain: foundry, transport: http(anvilUrl) });
    const address = await depositAddressOf(databaseUrl, customerId);
    const before = Number(await rpc<Hex>(anvilUrl, 'eth_blockNumber', []));
    for (let b = 0; b < BLOCKS; b++) {
      if (b % 10 === 0) await payer.writeContract({ address: token, abi: erc20Abi, functionName: 'transfer', args: [address, 1_000n] });
      await rpc(anvilUrl, 'evm_mine', []);
    }
    const head = Number(await rpc<Hex>(anvilUrl, 'eth_blockNumber', []));
    const t1 = performance.now();
    service = await startService(config);
    for (;;) {
      const r = await service.engine.read.q.select().from(service.engine.read.t.evmFollower);
      if ((r[0]?.nextBlock ?? 0) > head) break;
      await new Promise((res) => setTimeout(res, 20));
    }
    const blocksPerSecond = (head - before) / ((performance.now() - t1) / 1000);
    console.log(`${engineName}, ${processes} process${processes === 1 ? '' : 'es'}: ${withdrawalsPerSecond.toFixed(1)} withdrawals/s (${WITHDRAWALS}, a block every ${BLOCK_MS} ms), follower catch-up ${blocksPerSecond.toFixed(0)} blocks/s (${head - before} blocks)`);
    return { withdrawalsPerSecond, blocksPerSecond };
  } finally {
    clearInterval(mining);
    await service.stop();
    await stopProcess(second);
  }
}

async function stopProcess(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

async function depositAddressOf(databaseUrl: string, customerId: string): Promise<Hex> {
  const engine = await openEngine(databaseUrl.startsWith('file:') ? { kind: 'sqlite', file: databaseUrl.slice(5) } : { kind: 'pg', url: databaseUrl }, { poolSize: 1 });
  try {
    const a = await evmAddressOf(engine.read, customerId);
    if (!a) throw new Error('the bench customer has no EVM address');
    return a as Hex;
  } finally {
    await engine.close();
  }
}

const anvil = await startAnvil({ port: 0, slotsInAnEpoch: 1 });
try {
  await run('SQLite', `file:${path.join(dir, 'partner.db')}`, anvil.url);
  if (await pgAnswers()) {
    await onPgSchema('bench_evm', (url) => run('PostgreSQL', url, anvil.url));
    await onPgSchema('bench_evm2', (url) => run('PostgreSQL', url, anvil.url, 2));
  }
} finally {
  await anvil.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
