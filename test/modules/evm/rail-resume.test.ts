// §18.4 `rail resume` (C10): a halt is lifted only when its cause is over — FOREIGN_TRANSACTION once the
// foreign transactions are final (before: INVALID_STATE, NONCE_NOT_FINAL), with the nonce counter moved past
// them; FINALITY_LOST once the final blocks are canonical, or with --accept-reorg (audited, no ledger row
// changed, the follower goes on without halting again); RAIL_OFF never by resume. A record whose nonce the
// foreign transaction took fails "Broadcast failed" with its hold released. Driven through partnerctl's
// own functions against a running server on the file's devnet.
import { createWalletClient, http } from 'viem';
import { foundry } from 'viem/chains';
import type { Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { railResumeCommand, railStatusCommand } from '../../../src/modules/evm/operators.js';
import { OperatorRefusal } from '../../../src/cli/operators.js';
import { DEVNET_HOT } from '../../../src/modules/devnet/token.js';
import { useDevnet } from '../../helpers/anvil.js';
import { EvmPartner, followerPast, payToken, startEvmServer, waitFor } from '../../helpers/evm-deposits.js';
import { randomEthAddress, type TestServer } from '../../helpers/harness.js';
import { partnerctlHereJson } from '../../helpers/partnerctl-here.js';
import { insertEndpoint } from '../../helpers/receivers.js';
import { eventsOf, ledgerOf } from '../../helpers/withdrawals.js';
import { evmEnv, EvmWorld, stateOf, waitSent, waitStatus } from './chain-transfers.js';

const devnet = useDevnet();
let server: TestServer;
let partner: EvmPartner;
let env: Record<string, string>;

beforeAll(async () => {
  server = await startEvmServer(devnet().url);
  partner = await EvmPartner.create(server, devnet());
  env = { ...evmEnv(devnet().url), PARTNER_SANDBOX: 'true', NODE_ENV: 'development' };
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

const halt = () => server.db.get<{ reason: string; detail: string }>(`SELECT reason, detail FROM evm_halt WHERE id = 1`);
const resume = (acceptReorg = false) => railResumeCommand(server.service.engine, env, acceptReorg);
const refusal = (p: Promise<unknown>) => p.then(() => undefined, (e: unknown) => (e instanceof OperatorRefusal ? { code: e.code, detail: e.message } : Promise.reject(e)));

describe('§18.4 rail resume', () => {
  it('with no halt: prints the status, exit 0', async () => {
    const status = await resume();
    expect(status.halted).toBeNull();
    expect(status.hotAddress).toBe(DEVNET_HOT.address);
  });

  it('FOREIGN_TRANSACTION: NONCE_NOT_FINAL until the foreign transaction is final; then lifted, the counter past it', async () => {
    const hot = createWalletClient({ account: DEVNET_HOT, chain: foundry, transport: http(devnet().url) });
    await hot.sendTransaction({ to: '0x000000000000000000000000000000000000dEaD', value: 1n, chain: foundry, account: DEVNET_HOT });
    await devnet().mine();
    expect((await waitFor(halt, (h) => h !== undefined, 'halt'))!.reason).toBe('FOREIGN_TRANSACTION');
    const early = await refusal(resume());
    expect(early?.code).toBe('INVALID_STATE');
    expect(early?.detail).toMatch(/^NONCE_NOT_FINAL: /);
    expect((await halt())?.reason).toBe('FOREIGN_TRANSACTION');
    await followerPast(server, await devnet().mine(2));
    const status = await resume();
    expect(status.halted).toBeNull();
    expect(status.nonce.service).toBeGreaterThanOrEqual(status.nonce.chain);
    expect(await halt()).toBeUndefined();
  });

  it('FOREIGN_TRANSACTION that took a record’s nonce: resume fails it "Broadcast failed" with RELEASE (one webhook delivery, D1); the next record gets the next nonce', async () => {
    const world = await EvmWorld.create(server, devnet());
    // §11.5 D1: the failure partnerctl writes fans out like any event (a receiver that is never reached is enough).
    const { endpointId } = await insertEndpoint(server, world.client.clientId, 'http://127.0.0.1:9/hooks', { types: ['crypto_withdrawal.failed'] });
    const wd = await world.customer('token', randomEthAddress());
    const id = await world.withdraw(wd, 'token', '1000000');
    const [attempt] = await waitSent(server, id);
    // The service stops; its transaction leaves the pool and another one from the hot address takes the nonce.
    await server.service.stop();
    await devnet().rpc('anvil_dropTransaction', [attempt!.tx_hash]);
    const hot = createWalletClient({ account: DEVNET_HOT, chain: foundry, transport: http(devnet().url) });
    const foreign = await hot.sendTransaction({ to: '0x000000000000000000000000000000000000dEaD', value: 1n, nonce: attempt!.nonce, chain: foundry, account: DEVNET_HOT });
    await devnet().mine();
    await server.start();
    const halted = await waitFor(halt, (h) => h !== undefined, 'halt');
    expect(halted).toMatchObject({ reason: 'FOREIGN_TRANSACTION', detail: expect.stringContaining(foreign.toLowerCase()) });
    // §18.6: the follower noted the transaction that took the nonce beside the record's attempts — the evidence resume fails it on.
    const noted = await server.db.get<{ taken_by_tx_hash: string | null; taken_in_block: number | string | null }>('SELECT taken_by_tx_hash, taken_in_block FROM evm_transfers WHERE resource_id = ?', id);
    expect(noted!.taken_by_tx_hash).toBe(foreign.toLowerCase());
    expect(noted!.taken_in_block).not.toBeNull();
    await followerPast(server, await devnet().mine(2));
    // As the operator runs it: `partnerctl rail resume` on the server's database.
    expect((await partnerctlHereJson(server.databaseUrl, ['rail', 'resume'], env)).halted).toBeNull();
    expect(await stateOf(server, 'withdrawal', id)).toMatchObject({ status: 'FAILED', status_info: 'Broadcast failed' });
    const failed = await server.db.all<{ event_id: string }>(`SELECT event_id FROM events WHERE resource_id = ? AND type = 'crypto_withdrawal.failed'`, id);
    expect(failed).toHaveLength(1);
    expect(await server.db.all(`SELECT event_id FROM webhook_deliveries WHERE endpoint_id = ?`, endpointId)).toEqual([{ event_id: failed[0]!.event_id }]);
    expect(await ledgerOf(server, id)).toEqual([
      ['HOLD', '1002500'],
      ['RELEASE', '1002500'],
    ]);
    expect((await eventsOf(server, id)).map((e) => e.type).slice(-2)).toEqual(['crypto_withdrawal.broadcasting', 'crypto_withdrawal.failed']);
    const counter = await server.db.get<{ next_nonce: number | string }>('SELECT next_nonce FROM evm_nonces WHERE address = ?', DEVNET_HOT.address);
    expect(Number(counter!.next_nonce)).toBe(attempt!.nonce + 1);
    // The rail goes on: the next withdrawal is signed with the next nonce and completes.
    const next = await world.withdraw(await world.customer('token', randomEthAddress()), 'token', '2000000');
    const [sent] = await waitSent(server, next);
    expect(sent!.nonce).toBe(attempt!.nonce + 1);
    await devnet().mine(1);
    await waitStatus(server, 'withdrawal', next, 'CONFIRMING');
    await devnet().mine(2);
    await waitStatus(server, 'withdrawal', next, 'COMPLETED');
  });

  it('FINALITY_LOST: refused while a final block is gone; --accept-reorg lifts it (audited), no ledger row changes, the follower goes on', async () => {
    const { customerId, address } = await partner.customer();
    const snapshot = await devnet().rpc<Hex>('evm_snapshot');
    await payToken(devnet(), address, 4_000_000n);
    await devnet().mine();
    await devnet().mine(2);
    await partner.depositsUntil(customerId, (ds) => ds[0]?.status === 'COMPLETED', 'COMPLETED deposit');
    const ledger = await server.db.all(`SELECT * FROM ledger_transactions ORDER BY created_at, transaction_id`);
    await devnet().rpc('evm_revert', [snapshot]);
    await devnet().rpc('anvil_dropAllTransactions');
    await devnet().mine(5);
    expect((await waitFor(halt, (h) => h !== undefined, 'FINALITY_LOST'))!.reason).toBe('FINALITY_LOST');

    expect(await refusal(resume())).toMatchObject({ code: 'INVALID_STATE', detail: expect.stringMatching(/is not canonical/) });
    const status = await resume(true);
    expect(status.halted).toBeNull();
    const audit = await server.db.all<{ client_id: string; operation: string }>(`SELECT client_id, operation FROM audit_events WHERE client_id = 'operator'`);
    expect(audit).toEqual([{ client_id: 'operator', operation: 'rail.resume --accept-reorg' }]);
    await followerPast(server, await devnet().mine(3));
    expect(await halt()).toBeUndefined();
    expect(await server.db.all(`SELECT * FROM ledger_transactions ORDER BY created_at, transaction_id`)).toEqual(ledger);
  });

  it('RAIL_OFF is lifted only by configuring the rail; SIGNER_MISMATCH by resume', async () => {
    const now = new Date().toISOString();
    await server.db.run(`INSERT INTO evm_halt (id, reason, since, detail) VALUES (1, 'RAIL_OFF', ?, 'EVM_RPC_URLS is not set')`, now);
    expect(await refusal(resume())).toMatchObject({ code: 'INVALID_STATE', detail: expect.stringMatching(/RAIL_OFF/) });
    expect((await railStatusCommand(server.service.engine, env)).halted).toMatchObject({ reason: 'RAIL_OFF' });
    await server.db.run(`UPDATE evm_halt SET reason = 'SIGNER_MISMATCH' WHERE id = 1`);
    expect((await resume()).halted).toBeNull();
  });
});
