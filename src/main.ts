// config → database → app → listen (contract §1). `npm start`.
import { describeDatabase } from './cli/database.js';
import { loadConfig } from './config.js';
import { openEngine } from './db/engine.js';
import { demoBanner, demoReminder, hasDemoClient, provisionDemoIfEmpty } from './demo.js';
import { startService } from './service.js';

const config = loadConfig();
// Migrations run before anything else touches the file; the demo is development only (§8).
const setup = await openEngine(config.database, { poolSize: 1 });
const demo = config.production ? undefined : await provisionDemoIfEmpty(setup, config.secretBox);
const remind = !config.production && !demo && (await hasDemoClient(setup));
await setup.close();

const service = await startService(config);
console.log(`Partner API listening on ${service.url} (GraphQL ${service.url}/graphql, REST ${service.url}/partner/v1)`);
const where = describeDatabase(config.database);
console.log(`State: ${where}${config.sandbox ? ' — sandbox mode' : ''}${config.production ? ' — production' : ''}`);
if (demo) console.log(demoBanner(demo, service.url));
else if (remind) console.log(demoReminder(service.url));

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void service.stop().then(() => process.exit(0));
  });
}
