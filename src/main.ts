// config → database → app → listen (contract §1). `npm start`.
import { describeDatabase } from './cli/database.js';
import { loadConfig } from './config.js';
import { demoBanner, demoReminder, hasDemoClient, provisionDemoIfEmpty } from './demo.js';
import { startService } from './service.js';

const config = startupStep(() => loadConfig());
const service = await startService(config).catch((e: unknown) => exitWith(listenFault(e, config.host, config.port) ?? e));
// The demo is development only (§8), provisioned once the migrations and data upgrades (§10.11, §12.5)
// are done, so that an upgrade never takes the demo customer for one of an earlier release.
const demo = config.production ? undefined : await provisionDemoIfEmpty(service.engine, config.secretBox);
const remind = !config.production && !demo && (await hasDemoClient(service.engine));
console.log(`Partner API listening on ${service.url} (GraphQL ${service.url}/graphql, REST ${service.url}/partner/v1)`);
const where = describeDatabase(config.database);
console.log(`State: ${where}${config.sandbox ? ' — sandbox mode' : ''}${config.production ? ' — production' : ''}`);
if (demo) console.log(demoBanner(demo, service.url));
else if (remind) console.log(demoReminder(service.url));

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
