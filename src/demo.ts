// §8: on a first start in development with no client, provision a demo client, route and customer
// and print them with a ready-to-run example.
import { randomUUID } from 'node:crypto';
import { findClient, hasAnyClient } from './db/clients-repository.js';
import type { Engine } from './db/engine.js';
import type { SecretBox } from './core/secret-box.js';
import { createClient, createRoute, type EvmReach } from './cli/operators.js';
import { findCustomerByExternalRef, insertCustomer, newCustomerRow, recordNewCustomerEvent } from './modules/customers/index.js';
import { DEMO_CLIENT_ID } from './http/dev-proxy.js';
import { findRoute } from './modules/routes/index.js';
import { DEVNET_TOKEN_ADDRESS } from './modules/devnet/index.js';
import { evmAddressOf } from './modules/evm/index.js';
import type { RouteOptions } from './cli/operators.js';

/** The demo customer's `externalRef` (§12.5: VERIFIED from its creation). */
const DEMO_CUSTOMER_REF = 'demo-customer-1';

export type Demo = { clientId: string; secret: string; routeCode: string; customerId: string };

export async function provisionDemoIfEmpty(engine: Engine, box: SecretBox): Promise<Demo | undefined> {
  if (await hasAnyClient(engine.read)) return undefined;
  const { clientId, secret } = await createClient(engine, box, { name: 'Demo partner', clientId: DEMO_CLIENT_ID });
  const route = await createRoute(engine, {
    code: 'USDT-ETH',
    clientId,
    blockchain: 'ETH',
    currency: 'USDT',
    scale: 6,
    minMinor: '1000000',
    maxMinor: '1000000000000',
    feeMinor: '1500000',
  });
  const now = new Date().toISOString();
  // §12.5: the demo customer is VERIFIED from its creation, with one event `customer.verified`.
  const customer = await engine.writer.run(async (tx) => {
    const row = await insertCustomer(
      tx,
      newCustomerRow({ customerId: randomUUID(), clientId, externalRef: DEMO_CUSTOMER_REF, type: 'INDIVIDUAL', displayName: 'Demo Customer', at: now, verified: true }),
    );
    await recordNewCustomerEvent(tx, row);
    return row;
  });
  return { clientId, secret, routeCode: route.routeCode, customerId: customer.customerId };
}

/** §18 C14: the demo partner's EVM routes on the devnet (fee 0, no Travel Rule threshold). */
export const DEVNET_ROUTES: readonly Omit<RouteOptions, 'clientId'>[] = [
  { code: 'USDT-DEVNET', blockchain: 'ETH', currency: 'USDT', scale: 6, minMinor: '1', maxMinor: String(10n ** 12n), feeMinor: '0', rail: 'EVM', tokenContract: DEVNET_TOKEN_ADDRESS },
  { code: 'ETH-DEVNET', blockchain: 'ETH', currency: 'ETH', scale: 18, minMinor: '1', maxMinor: String(10n ** 21n), feeMinor: '0', rail: 'EVM' },
];

/**
 * C14: with the devnet on, the demo partner (once it exists, after its customer) gets the devnet's EVM
 * routes it does not have yet — on its first start, or when the devnet is turned on for an older database.
 * The codes created; a route that cannot be created is reported in `failed`, and the server runs on.
 */
export async function provisionDevnetRoutes(engine: Engine, evm: EvmReach): Promise<{ created: string[]; failed: { code: string; reason: string }[] }> {
  const created: string[] = [];
  const failed: { code: string; reason: string }[] = [];
  if (!(await hasDemoClient(engine))) return { created, failed };
  for (const route of DEVNET_ROUTES) {
    if (await findRoute(engine.read, route.code, DEMO_CLIENT_ID)) continue;
    try {
      await createRoute(engine, { ...route, clientId: DEMO_CLIENT_ID }, evm);
      created.push(route.code);
    } catch (e) {
      // Another process may have created it meanwhile; anything else (a scale of the currency's other
      // routes, another EVM route of the same token) is the operator's to settle.
      if (await findRoute(engine.read, route.code, DEMO_CLIENT_ID)) continue;
      failed.push({ code: route.code, reason: e instanceof Error ? e.message : String(e) });
    }
  }
  return { created, failed };
}

/**
 * C14: the demo customer and its EVM deposit address (index 0 of §18.2's xpub when the devnet routes came
 * after it), for the devnet's start-up lines; undefined when there is no demo customer or no address.
 */
export async function demoEvmDeposit(engine: Engine): Promise<{ customerId: string; address: string } | undefined> {
  const customer = await findCustomerByExternalRef(engine.read, DEMO_CLIENT_ID, DEMO_CUSTOMER_REF);
  const address = customer && (await evmAddressOf(engine.read, customer.customerId));
  return address ? { customerId: customer.customerId, address } : undefined;
}

/** The devnet's line for the demo customer's EVM deposit address, with the command that pays it. */
export function demoDepositLine(d: { customerId: string; address: string }): string {
  return `Demo customer ${d.customerId}: EVM deposit address ${d.address} — pay it: npx partnerctl devnet pay --to ${d.address} --route USDT-DEVNET --amount-minor 25000000`;
}

export async function hasDemoClient(engine: Engine): Promise<boolean> {
  return (await findClient(engine.read, DEMO_CLIENT_ID)) !== undefined;
}

/** Every later development start: the demo client is there, its secret was printed once. */
export function demoReminder(baseUrl: string): string {
  return `Demo partner: ${DEMO_CLIENT_ID} (its secret was printed on the first start; a fresh one: npx partnerctl demo-secret). Explore: ${baseUrl}/`;
}

export function demoBanner(demo: Demo, baseUrl: string): string {
  const query = JSON.stringify({
    query: `mutation { createCryptoWalletBeneficiary(customerId: "${demo.customerId}", input: { routeCode: "${demo.routeCode}", label: "Cold wallet", blockchain: "ETH", walletAddress: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", isOwner: true, walletType: "PRIVATE_WALLET", ownerType: "INDIVIDUAL" }) { walletBeneficiaryId screeningStatus beneficiaryStatus } }`,
  });
  return [
    '',
    'Demo partner provisioned (development only; shown once):',
    `  clientId:   ${demo.clientId}`,
    `  secret:     ${demo.secret}`,
    `  routeCode:  ${demo.routeCode} (ETH, USDT, scale 6)`,
    `  customerId: ${demo.customerId}`,
    '',
    'Try it: the development proxy signs as the demo client and adds an Idempotency-Key:',
    `  curl -s ${baseUrl}/dev/graphql -H 'content-type: application/json' \\`,
    `    -d '${query}'`,
    '',
    `Explore: Apollo Sandbox ${baseUrl}/  GraphiQL ${baseUrl}/graphiql   Signed requests: docs/api/authentication.md`,
    `End to end: PARTNER_SECRET=${demo.secret} BASE=${baseUrl} npx tsx examples/withdrawal.ts`,
    '',
  ].join('\n');
}
