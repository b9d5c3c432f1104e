// One run of the scenario on a fresh server of its own (a temporary database, the clock moved one second
// before each request so every record has its own time and lists have one order), rendered.
import { randomBytes } from 'node:crypto';
import { buildSchema } from 'graphql';
import { PartnerClient } from '../../src/client/index.js';
import { createClient, createRoute } from '../../src/cli/operators.js';
import { loadTypeDefs } from '../../src/graphql/type-defs.js';
import { TestServer } from '../../test/helpers/harness.js';
import { verificationDecide } from '../../src/modules/customers/operators.js';
import { askInformation, provisionWalk } from './provision.js';
import { record } from './record.js';
import { render } from './render.js';
import { scenario } from './scenario.js';

export async function generateReference(): Promise<string> {
  // §15.4: links as a deployment would give them (the default names the walk's own port, 0).
  const server = await new TestServer({ CHECKOUT_LINK_BASE_URL: 'https://pay.example.com/pay' }).start();
  try {
    const creds = await server.operator((db) => createClient(db, server.config.secretBox, { name: 'Docs partner', clientId: `docs-${randomBytes(4).toString('hex')}` }));
    await server.operator((db) =>
      createRoute(db, {
        code: 'USDT-ETH', clientId: creds.clientId, blockchain: 'ETH', currency: 'USDT', scale: 6,
        minMinor: '1000000', maxMinor: '1000000000000', feeMinor: '1500000', travelRuleThresholdMinor: '1000000000',
      }),
    );
    await server.operator((db) => provisionWalk(db, creds.clientId, server.clock.now(), server.config.secretBox));
    const client = new PartnerClient({ baseUrl: server.url, clientId: creds.clientId, secret: creds.secret, now: server.clock.now });
    const schema = buildSchema(loadTypeDefs());
    const exchanges = await record(schema, client, scenario(client, 'USDT-ETH'), () => server.clock.advance(1000), (ids) =>
      server.operator(async (db) => {
        for (const id of ids) await verificationDecide(db, id, 'VERIFIED', undefined);
      }),
      (rounds) => server.workerRound(rounds),
      (ids) => server.operator((db) => askInformation(db, ids)),
    );
    return render(schema, exchanges);
  } finally {
    await server.stop();
  }
}
