// The partner frontend example (§17): a customer's page with their balances, withdrawals and live events,
// served by this partner backend (partner-backend.ts), which hands it a read-only session.
//
//   npx partnerctl client origin add --client-id demo-partner --origin http://localhost:5173   # once (an operator)
//   PARTNER_SECRET=<secret> npx tsx examples/frontend/backend.ts                                        # then open http://localhost:5173/
//
// Environment: PARTNER_SECRET, CLIENT_ID (demo-partner), BASE (the API, as for the other examples), ROUTE_CODE
// (USDT-ETH), CUSTOMER_ID (absent: a new demo customer), FRONTEND_PORT (5173).
import { defaultBaseUrl } from '../../src/cli/base-url.js';
import { MISSING_SECRET, partnerSecretOf } from '../../src/cli/partner-secret.js';
import { registerCommand, startBackend } from './partner-backend.js';

const secret = partnerSecretOf(process.env, (notice) => console.error(notice));
if (!secret) {
  console.error(MISSING_SECRET);
  process.exit(1);
}
const clientId = process.env.CLIENT_ID ?? 'demo-partner';
const baseUrl = defaultBaseUrl();

startBackend({
  baseUrl,
  clientId,
  secret,
  routeCode: process.env.ROUTE_CODE,
  customerId: process.env.CUSTOMER_ID,
  port: Number(process.env.FRONTEND_PORT ?? 5173),
}).then(
  (backend) => {
    console.log(`Partner frontend example for customer ${backend.customerId}`);
    console.log(`  the page's origin, registered once by an operator:\n    ${registerCommand(clientId, backend.origin)}`);
    console.log(`  open ${backend.origin}/`);
  },
  (err: unknown) => {
    // fetch's "fetch failed": nothing answers at BASE.
    const unreachable = err instanceof TypeError && err.message === 'fetch failed';
    console.error(unreachable ? `no API answers at ${baseUrl}: start it (npm start), or set BASE` : err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
