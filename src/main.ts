// config → database → app → listen (contract §1). `npm start`.
import { loadConfig } from './config.js';
import { openDatabase } from './db/open.js';
import { demoBanner, provisionDemoIfEmpty } from './demo.js';
import { startService } from './service.js';

const config = loadConfig();
// Migrations run before anything else touches the file; the demo is development only (§8).
const setup = openDatabase(config.databaseFile);
const demo = config.production ? undefined : provisionDemoIfEmpty(setup.db, config.secretBox);
setup.close();

const service = await startService(config);
console.log(`Partner API listening on ${service.url} (GraphQL ${service.url}/graphql, REST ${service.url}/partner/v1)`);
console.log(`State: ${config.databaseFile}${config.sandbox ? ' — sandbox mode' : ''}${config.production ? ' — production' : ''}`);
if (demo) console.log(demoBanner(demo, service.url));

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void service.stop().then(() => process.exit(0));
  });
}
