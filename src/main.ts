// config → database → app → listen (contract §1). `npm start`.
import { describeDatabase } from './cli/database.js';
import { loadConfig } from './config.js';
import { demoBanner, demoDepositLine, demoEvmDeposit, demoReminder, hasDemoClient, provisionDemoIfEmpty, provisionDevnetRoutes } from './demo.js';
import { DEMO_CLIENT_ID } from './http/dev-proxy.js';
import { RailStartError } from './modules/evm/index.js';
import { startService, type RunningService } from './service.js';

const config = startupStep(() => loadConfig());
const service = await startService(config).catch((e: unknown) => exitWith(listenFault(e, config.host, config.port) ?? railFault(e) ?? e));
// The demo is development only (§8), provisioned once the migrations and data upgrades (§10.11, §12.5)
// are done, so that an upgrade never takes the demo customer for one of an earlier release.
const demo = config.production ? undefined : await provisionDemoIfEmpty(service.engine, config.secretBox);
const remind = !config.production && !demo && (await hasDemoClient(service.engine));
// §18 C14: the demo partner's devnet routes, after its customer (so that its EVM address is index 0).
const devnetRoutes = service.areas.devnet && !config.production ? await provisionDevnetRoutes(service.engine, config.evm) : undefined;
console.log(`Partner API listening on ${service.url} (GraphQL ${service.url}/graphql, REST ${service.url}/partner/v1)`);
const where = describeDatabase(config.database);
console.log(`State: ${where}${config.sandbox ? ' — sandbox mode' : ''}${config.production ? ' — production' : ''}`);
if (service.areas.devnet) console.log(devnetBanner(service));
if (devnetRoutes?.created.length)
  console.log(`Devnet routes of ${DEMO_CLIENT_ID}: ${devnetRoutes.created.join(', ')}`);
for (const f of devnetRoutes?.failed ?? []) console.log(`Devnet route ${f.code} was not created: ${f.reason}`);
// C14: where to send devnet money for the demo customer, on every devnet start.
const demoDeposit = devnetRoutes ? await demoEvmDeposit(service.engine) : undefined;
if (demoDeposit) console.log(demoDepositLine(demoDeposit));
if (demo) console.log(demoBanner(demo, service.url));
else if (remind) console.log(demoReminder(service.url));

/** §18 C14: where the devnet is and what it holds (all of it public: anvil's test mnemonic). */
function devnetBanner(s: RunningService): string {
  const d = s.areas.devnet!;
  const rail = s.areas.evm.rail;
  const chain = rail.on ? `chain ${rail.chainId}, hot wallet ${rail.hotAddress}` : 'rail off';
  const blocks = d.blockTimeMs > 0 ? `a block every ${d.blockTimeMs} ms` : 'blocks only on partnerctl devnet pay|mine';
  return `Devnet: ${d.rpcOrigin} (${chain}), token USDT at ${d.tokenAddress}; ${blocks}; state in ${d.stateDir}`;
}

/** §18 C2, C14: a rail or devnet start the operator must fix, as one line. */
function railFault(e: unknown): string | undefined {
  return e instanceof RailStartError ? `Cannot start: ${e.message}` : undefined;
}

/**
 * A port that cannot be had is the operator's to fix, not a bug: one line naming the port and PORT
 * (§1), exit 1, instead of a stack trace.
 */
function listenFault(e: unknown, host: string, port: number): string | undefined {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EADDRINUSE')
    return `Port ${port} on ${host} is already in use: stop what listens there, or choose another port with PORT (e.g. PORT=${port === 4000 ? 4001 : port + 1}).`;
  if (code === 'EACCES') return `Port ${port} on ${host} needs privileges this process does not have: choose a port above 1023 with PORT.`;
  if (code === 'EADDRNOTAVAIL') return `HOST ${host} is not an address of this machine: set HOST to one (default 127.0.0.1).`;
  return undefined;
}

/** A configuration fault (a PORT that is no port, a missing key in production) as one line, exit 1. */
function startupStep<T>(fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    return exitWith(e instanceof Error ? `Cannot start: ${e.message}` : e);
  }
}

function exitWith(fault: unknown): never {
  if (typeof fault !== 'string') throw fault;
  console.error(fault);
  process.exit(1);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void service.stop().then(() => process.exit(0));
  });
}
