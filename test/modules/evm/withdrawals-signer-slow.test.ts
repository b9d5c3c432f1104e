// §18.6 (C7 and C9, amended): no database transaction waits on the signer. A Web3Signer stand-in that holds
// each signing request for 3 s: while it holds one, partners' REST creates are written and acknowledged
// (on SQLite every write shares one writer, so a transaction open across the call would hold them all
// back until it answered); the record is stored, with the nonce it was signed with, once the answer comes.
// A signer that does not answer within EVM_SIGNER_TIMEOUT_MS is unreachable: the record stays in
// SCREENING, nothing is stored and no nonce is taken, and it is signed once the signer answers in time.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVNET_DEPOSIT_XPUB, devnetKey } from '../../../src/config/evm.js';
import { useDevnet } from '../../helpers/anvil.js';
import { randomEthAddress, startTestServer, type TestServer } from '../../helpers/harness.js';
import { startWeb3Signer, type FakeWeb3Signer } from '../../helpers/web3signer.js';
import { attemptsOf, EvmWorld, HOT, stateOf, waitFor, waitSent, waitStatus } from './chain-transfers.js';

const devnet = useDevnet();
/** What the stand-in holds each signing request for. */
const HOLD_MS = 3_000;
/** EVM_SIGNER_TIMEOUT_MS of this file's server: above HOLD_MS. */
const SIGNER_TIMEOUT_MS = 5_000;
const CREATES = 5;

let signer: FakeWeb3Signer;
let server: TestServer;
let world: EvmWorld;

beforeAll(async () => {
  signer = await startWeb3Signer(devnetKey(0));
  server = await startTestServer({
    EVM_RPC_URLS: devnet().url,
    EVM_CHAIN_ID: '31337',
    EVM_DEPOSIT_XPUB: DEVNET_DEPOSIT_XPUB,
    EVM_SIGNER: 'web3signer',
    EVM_SIGNER_URL: signer.url,
    EVM_HOT_ADDRESS: HOT,
    EVM_SIGNER_TIMEOUT_MS: String(SIGNER_TIMEOUT_MS),
    EVM_FINALITY: '2',
    EVM_POLL_INTERVAL_MS: '50',
  });
  world = await EvmWorld.create(server, devnet());
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await signer?.close();
});

const nonceCounter = async () => Number((await server.db.get<{ next_nonce: number | string }>('SELECT next_nonce FROM evm_nonces WHERE address = ?', HOT))!.next_nonce);

describe('§18.6 signing between transactions', () => {
  it(`${CREATES} REST creates are acknowledged while the signer still holds the signing request open`, async () => {
    const before = await nonceCounter();
    const wd = await world.customer('token', randomEthAddress());
    signer.delayMs = HOLD_MS;
    try {
      const id = await world.withdraw(wd, 'token', '1000000');
      await waitFor(async () => signer.held, (n) => n === 1, 'the signing request held by the signer');
      // Each create is a write of its own (customer, idempotency record, audit, event), acknowledged only once committed.
      const heldAtAck: number[] = [];
      await Promise.all(
        Array.from({ length: CREATES }, async () => {
          const r = await server.request(world.client, 'POST', '/partner/v1/customers', { body: { externalRef: `ext-${randomUUID()}`, type: 'INDIVIDUAL', displayName: 'Ada Lovelace' } });
          expect(r.status, r.text).toBe(200);
          heldAtAck.push(signer.held);
        }),
      );
      expect(heldAtAck).toEqual(Array.from({ length: CREATES }, () => 1));
      // Meanwhile nothing of the record is stored and no nonce is taken.
      expect((await stateOf(server, 'withdrawal', id))!.status).toBe('SCREENING');
      expect(await attemptsOf(server, id)).toEqual([]);
      expect(await nonceCounter()).toBe(before);
      const [attempt] = await waitSent(server, id);
      expect(attempt!.nonce).toBe(before);
      expect(signer.signed).toContain(attempt!.tx_hash);
      expect((await stateOf(server, 'withdrawal', id))!.status).toBe('BROADCASTING');
      expect(await nonceCounter()).toBe(before + 1);
    } finally {
      signer.delayMs = 0;
    }
    await devnet().mine(3);
  }, 60_000);

  it('a signer that does not answer within EVM_SIGNER_TIMEOUT_MS is unreachable: SCREENING, nothing stored, no nonce taken', async () => {
    const wd = await world.customer('token', randomEthAddress());
    const before = await nonceCounter();
    const asked = signer.requests.length;
    signer.delayMs = SIGNER_TIMEOUT_MS + 3_000;
    let id: string;
    try {
      id = await world.withdraw(wd, 'token', '1000000');
      await waitFor(async () => signer.requests.length, (n) => n > asked, 'the signer asked');
      // The sender gives up on the held request at the timeout and asks again next poll.
      await waitFor(async () => signer.requests.length, (n) => n > asked + 1, 'the signer asked again', 20_000);
      expect((await stateOf(server, 'withdrawal', id))!).toMatchObject({ status: 'SCREENING', tx_hash: null });
      expect(await attemptsOf(server, id)).toEqual([]);
      expect(await nonceCounter()).toBe(before);
    } finally {
      signer.delayMs = 0;
    }
    const [attempt] = await waitSent(server, id, 1);
    expect(attempt!.nonce).toBe(before);
    await devnet().mine(1);
    await waitStatus(server, 'withdrawal', id, 'CONFIRMING');
  }, 60_000);
});
