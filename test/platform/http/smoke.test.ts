import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BENEFICIARY_FIELDS, ETH_ADDRESS, Scenario, startTestServer, type TestServer } from '../../helpers/harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

describe('end to end', () => {
  it('creates a customer, a beneficiary over REST, and reads it over GraphQL', async () => {
    const s = await Scenario.create(server);
    const customerId = await s.customer();
    const b = await s.beneficiary(customerId);
    expect(b.status).toBe(200);
    expect(b.body).toMatchObject({ walletAddress: ETH_ADDRESS, screeningStatus: 'CLEARED', beneficiaryStatus: 'ACTIVE', removedAt: null });
    const q = await server.gql(s.client, `query($id: UUID!) { cryptoWalletBeneficiary(walletBeneficiaryId: $id) { ${BENEFICIARY_FIELDS} } }`, {
      id: b.body.walletBeneficiaryId,
    });
    expect(q.status).toBe(200);
    expect(q.body.data.cryptoWalletBeneficiary).toEqual(b.body);
  });
});
