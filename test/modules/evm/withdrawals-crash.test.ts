// test: slow — a server SIGKILLed between signing and sending
// §18 C7: an attempt is stored before it is ever sent. The server reaches the node through a proxy that
// holds its eth_sendRawTransaction (the attempt is stored by then, nothing reached the node); SIGKILLed
// while the send is held, it has sent nothing; after a restart exactly one transaction is mined, with the
// stored hash.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRoute } from '../../../src/cli/operators.js';
import { openEngine } from '../../../src/db/engine.js';
import { evmReach, useDevnet } from '../../helpers/anvil.js';
import { beneficiaryBody, evidenceFor, randomEthAddress } from '../../helpers/harness.js';
import { processKit, signedSend, waitExit, type Spawned } from '../../helpers/processes.js';
import { startRpcProxy, type RpcProxy } from '../../helpers/rpc-proxy.js';
import { spawnedDatabase, type SpawnedDb } from '../../helpers/spawned-db.js';
import { attemptsOf, evmEnv, HOT, publicClientOf, tokenBalance, waitFor } from './chain-transfers.js';

const devnet = useDevnet();
const { tempDir, startMain, stopMain } = processKit({ tempPrefix: 'evm-crash-' });
let spawned: SpawnedDb;
let evmRoute: string;
let proxy: RpcProxy;

beforeAll(async () => {
  proxy = await startRpcProxy(devnet().url);
  spawned = await spawnedDatabase(tempDir(), 'evmcrash', '2500');
  evmRoute = `USDT-EVM-${Math.random().toString(16).slice(2, 8)}`;
  const engine = await openEngine(spawned.url.startsWith('file:') ? { kind: 'sqlite', file: spawned.url.slice(5) } : { kind: 'pg', url: spawned.url });
  try {
    await createRoute(engine, { code: evmRoute, clientId: spawned.client.clientId, blockchain: 'ETH', currency: 'USDT', scale: 6, minMinor: '1', maxMinor: '1000000000', feeMinor: '2500', rail: 'EVM', tokenContract: devnet().token }, evmReach(devnet().url));
  } finally {
    await engine.close();
  }
}, 60_000);
afterAll(async () => {
  await spawned?.close();
  await proxy?.close();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const ok = <T extends { status: number; body: any }>(r: T, what: string): T => {
  if (r.status !== 200 || r.body?.errors) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r;
};

/** A customer with a beneficiary on the EVM route, credited through the SANDBOX route; the submitted withdrawal's id. */
async function submitWithdrawal(s: Spawned, dest: string): Promise<string> {
  const client = spawned.client;
  const c = ok(
    await signedSend(s, client, 'POST', '/graphql', {
      query: 'mutation($input: CreateCustomerInput!) { createCustomer(input: $input) { customerId } }',
      variables: { input: { externalRef: `ext-${Date.now()}`, type: 'INDIVIDUAL', displayName: 'Ada Lovelace' } },
    }),
    'createCustomer',
  );
  const customerId = c.body.data.createCustomer.customerId as string;
  const b = ok(await signedSend(s, client, 'POST', `/partner/v1/customers/${customerId}/crypto/wallet-beneficiaries`, beneficiaryBody(evmRoute, dest)), 'beneficiary');
  ok(
    await signedSend(s, client, 'POST', '/graphql', {
      query: 'mutation($customerId: UUID!, $input: SimulateCryptoDepositInput!) { simulateCryptoDeposit(customerId: $customerId, input: $input) { depositId } }',
      variables: { customerId, input: { routeCode: spawned.routeCode, amountMinor: '1002500', fromAddress: randomEthAddress() } },
    }),
    'deposit',
  );
  const input: Record<string, unknown> = {
    routeCode: evmRoute,
    walletBeneficiaryId: b.body.walletBeneficiaryId,
    amountMinor: '1000000',
    currency: 'USDT',
    currencyScale: 6,
    clientReference: `wd-${Date.now()}`,
  };
  input.operationAuthorization = evidenceFor('CRYPTO_WITHDRAWAL_CREATE', { customerId }, input);
  const w = ok(await signedSend(s, client, 'POST', `/partner/v1/customers/${customerId}/crypto-withdrawals`, input), 'draft');
  const withdrawalId = w.body.withdrawalId as string;
  const sub = ok(
    await signedSend(s, client, 'POST', `/partner/v1/crypto/withdrawals/${withdrawalId}/submission`, { operationAuthorization: evidenceFor('CRYPTO_WITHDRAWAL_SUBMIT', { withdrawalId }, {}) }),
    'submit',
  );
  expect(sub.body.status).toBe('SUBMITTED');
  return withdrawalId;
}

const statusOf = async (id: string) =>
  (await spawned.db.get<{ status: string; tx_hash: string | null }>('SELECT status, tx_hash FROM crypto_withdrawals WHERE withdrawal_id = ?', id))!;

describe('C7 stored before sent', () => {
  it('SIGKILL while the send of the stored attempt is held: after a restart exactly one transaction is mined, with the stored hash', async () => {
    const env = evmEnv(devnet().url, { DATABASE_URL: spawned.url });
    const chain = publicClientOf(devnet().url);
    const countBefore = await chain.getTransactionCount({ address: HOT, blockTag: 'latest' });
    proxy.fail({ kind: 'hold' }, 1, 'eth_sendRawTransaction');
    const crashing = await startMain(evmEnv(proxy.url, { DATABASE_URL: spawned.url }));
    const dest = randomEthAddress();
    const id = await submitWithdrawal(crashing, dest);
    await proxy.held('eth_sendRawTransaction');
    crashing.proc.kill('SIGKILL');
    await waitExit(crashing.proc, 30_000);
    expect(crashing.proc.signalCode).toBe('SIGKILL');

    const stored = await statusOf(id);
    expect(stored.status).toBe('BROADCASTING');
    const [attempt] = await attemptsOf(spawned, id);
    expect(attempt!.tx_hash).toBe(stored.tx_hash);
    expect(attempt!.first_sent_block).toBeNull();
    // Nothing reached the node.
    expect(await devnet().rpc('eth_getTransactionByHash', [attempt!.tx_hash])).toBeNull();

    const restarted = await startMain(env);
    try {
      await waitFor(() => devnet().rpc('eth_getTransactionByHash', [attempt!.tx_hash]), (t) => t !== null, 'the stored attempt sent after the restart');
      await devnet().mine(1);
      await waitFor(() => statusOf(id), (s) => s.status === 'CONFIRMING', 'CONFIRMING');
      await devnet().mine(2);
      await waitFor(() => statusOf(id), (s) => s.status === 'COMPLETED', 'COMPLETED');
    } finally {
      await stopMain(restarted);
    }
    expect(await chain.getTransactionCount({ address: HOT, blockTag: 'latest' })).toBe(countBefore + 1);
    expect(await tokenBalance(devnet(), dest)).toBe(1_000_000n);
    expect((await statusOf(id)).tx_hash).toBe(attempt!.tx_hash);
    expect(await attemptsOf(spawned, id)).toHaveLength(1);
  }, 120_000);
});
