// §11.4 / §11.6 a secret rotation seen from the receiver: an endpoint made and rotated through the API;
// during the overlap each delivery carries both signatures, so a receiver still on the old secret and
// one already on the new secret both verify it with `standardwebhooks`; after the overlap only the new
// secret signs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Scenario, startTestServer, type TestServer } from '../../helpers/harness.js';
import { Receiver } from '../../helpers/receivers.js';

const OVERLAP_SECONDS = 3600;
let server: TestServer;
let receiver: Receiver;
beforeAll(async () => {
  server = await startTestServer({ WEBHOOK_SECRET_OVERLAP_SECONDS: String(OVERLAP_SECONDS), WORKER_POLL_INTERVAL_MS: '10000' });
  receiver = await Receiver.start(() => ({ status: 204 }));
  receiver.clock = server.clock.now;
});
afterAll(async () => {
  await receiver.close();
  await server.stop();
});

const CREATE = 'mutation($i: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $i) { endpoint { endpointId } secret } }';
const ROTATE = 'mutation($id: UUID!) { rotateWebhookEndpointSecret(endpointId: $id) { secret } }';

describe('§11.6 signatures across a rotation', () => {
  it('old and new secret both verify during the overlap; only the new one after it', async () => {
    const s = await Scenario.create(server);
    const customerId = await s.customer();
    const created = await server.gql(s.client, CREATE, { i: { url: receiver.url, types: ['wallet_beneficiary.active'] } });
    expect(created.status, created.text).toBe(200);
    const { endpoint, secret: first } = created.body.data.createWebhookEndpoint;
    const rotated = await server.gql(s.client, ROTATE, { id: endpoint.endpointId });
    expect(rotated.status, rotated.text).toBe(200);
    const second: string = rotated.body.data.rotateWebhookEndpointSecret.secret;
    expect(second).not.toBe(first);

    const deliver = async () => {
      const b = await s.beneficiary(customerId, { label: `W ${receiver.received.length}`, walletAddress: `0x${(receiver.received.length + 1).toString(16).padStart(40, '0')}` });
      expect(b.status, b.text).toBe(200);
      const before = receiver.received.length;
      await server.service.worker.drain();
      expect(receiver.received.length).toBe(before + 1);
      return receiver.received[before]!;
    };
    const verifiedWith = (secrets: string[], r: (typeof receiver.received)[number]) => {
      receiver.secrets = secrets;
      return receiver.verify(r.body, r.headers);
    };

    const during = await deliver();
    expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verifiedWith([first], during)).toBe(true);
    expect(verifiedWith([second], during)).toBe(true);

    server.clock.advance((OVERLAP_SECONDS + 1) * 1000);
    const after = await deliver();
    expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(verifiedWith([first], after)).toBe(false);
    expect(verifiedWith([second], after)).toBe(true);
  });
});
