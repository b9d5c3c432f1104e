// Assembles the service: engine → Apollo → surfaces → pipeline → HTTP server, plus the purge of
// expired state.
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino, { type Logger } from 'pino';
import type { Config } from './config.js';
import { purgeNonces } from './db/clients-repository.js';
import { openEngine, type Engine } from './engine/open.js';
import { purgeIdempotencyRecords } from './db/idempotency-repository.js';
import { runUpgrades } from './upgrades/index.js';
import { descriptors } from './graphql/registry.js';
import { createApollo } from './graphql/server.js';
import { GraphQLSurface } from './http/graphql-surface.js';
import { NONCE_WINDOW_MS } from './http/nonces.js';
import { Metrics } from './http/metrics.js';
import { pagesOf } from './http/pages/index.js';
import { Pipeline, type Clock } from './http/pipeline.js';
import { RestSurface } from './http/rest-surface.js';
import { startDevnet, type RunningDevnet } from './devnet/index.js';
import { startRail, type RailStarted } from './modules/evm/index.js';
import { LiveFeed, purgeStreamLeases } from './modules/frontend/index.js';
import { createHttpServer } from './http/server.js';
import { workerTasks } from './worker/tasks.js';
import { Worker } from './worker/worker.js';

export type RunningService = {
  url: string;
  port: number;
  engine: Engine;
  server: http.Server;
  /** §10.7: moves records through their processing states (tests drain it after moving the clock). */
  worker: Worker;
  /** §17.4 the live streams of this process. */
  feed: LiveFeed;
  /** §18 C2 the rail as started (off, or its chain and hot address); C14 the devnet when EVM_DEVNET=true. */
  evm: { rail: RailStarted; devnet?: RunningDevnet };
  /** Writer and replay-cache counters (tests, benchmark). */
  stats(): Record<string, number>;
  stop(): Promise<void>;
};

const PURGE_INTERVAL_MS = 60_000;

export async function purgeExpired(engine: Engine, nowMs = Date.now()): Promise<{ nonces: number; idempotency: number; streamSlots: number }> {
  return engine.writer.run(async (x) => ({
    nonces: await purgeNonces(x, nowMs - NONCE_WINDOW_MS),
    idempotency: await purgeIdempotencyRecords(x, nowMs),
    streamSlots: await purgeStreamLeases(x, new Date(nowMs).toISOString()),
  }));
}

export type ServiceOptions = {
  logger?: Logger;
  /** Every time reading of the request path (auth window, rate limits, caches, records); tests move it. */
  clock?: Clock;
  /** Tests only: events per read of the live feed (src/modules/frontend/stream.ts), small to cross pages with few events. */
  liveFeedPageSize?: number;
};

export async function startService(config: Config, options: ServiceOptions = {}): Promise<RunningService> {
  const clock = options.clock ?? (() => new Date());
  const log = options.logger ?? pino({ level: config.logLevel, base: undefined, redact: ['*.secret', '*.signature'] });
  const metrics = new Metrics();
  // D1: the engine comes with the modules' event subscribers (src/engine/), so the upgrades below and
  // the worker fan their events out too.
  const engine = await openEngine(config.database, {
    onBatch: (jobs) => metrics.batch(jobs),
    checkpointIntervalMs: config.checkpointIntervalMs,
    groupCommitGatherMs: config.groupCommitGatherMs,
    poolSize: config.databasePoolSize,
    transactionTimeoutMs: config.databaseTransactionTimeoutMs,
    onError: (message) => log.error({ message }, 'database'),
  });
  // §10.11: data upgrades before the server answers (it does not listen until they are done).
  try {
    for (const u of await runUpgrades(engine, { clock, sandboxStepDelayMs: config.sandboxStepDelayMs }))
      if (u.records > 0) log.info({ upgrade: u.name, records: u.records }, 'database upgrade applied');
  } catch (err) {
    await engine.close();
    throw err;
  }
  // §18 C14 the devnet, then C2 the rail's start: both before the server listens; a refusal stops the start.
  let devnet: RunningDevnet | undefined;
  let rail: RailStarted;
  try {
    if (config.evm.devnet) devnet = await startDevnet(config.evm.devnet, log);
    rail = await startRail(config, engine, log, clock);
  } catch (err) {
    await devnet?.stop();
    await engine.close();
    throw err;
  }
  const { apollo, schema } = createApollo({ production: config.production });
  await apollo.start();
  const rest = new RestSurface(schema, descriptors);
  const feed = new LiveFeed({ db: engine.read, writer: engine.writer, config, clock, logger: log, pageSize: options.liveFeedPageSize });
  const pipeline = new Pipeline({
    config,
    engine,
    graphql: new GraphQLSurface(apollo),
    rest,
    logger: log,
    clock,
    metrics,
    pages: pagesOf({ config, engine, schema, rest, metrics }),
    stream: { feed },
  });
  const server = createHttpServer(pipeline, config);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  }).catch(async (err: unknown) => {
    await devnet?.stop();
    throw err;
  });
  const { port } = server.address() as AddressInfo;
  const purge = setInterval(() => {
    purgeExpired(engine, clock().getTime()).then(
      (purged) => {
        if (purged.nonces || purged.idempotency || purged.streamSlots) log.debug({ purged }, 'purged expired nonces, idempotency records and stream slots');
      },
      (err: unknown) => log.error({ err }, 'purge failed'),
    );
  }, PURGE_INTERVAL_MS);
  purge.unref();
  const tasks = workerTasks(config, { engine, clock, logger: log });
  metrics.watch(engine, tasks, clock);
  metrics.watchRail(engine, config.evm);
  const worker = new Worker(engine, tasks, clock, config.workerPollIntervalMs, log);
  worker.start();
  return {
    url: `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`,
    port,
    engine,
    server,
    worker,
    feed,
    evm: { rail, devnet },
    stats: () => ({ ...engine.stats(), ...pipeline.stats() }),
    async stop() {
      clearInterval(purge);
      await worker.stop();
      // The streams end cleanly (their bodies finished) before the connections are closed under them.
      await feed.stop();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await apollo.stop();
      await engine.close();
      // After the worker: no rail step is left to reach the devnet's node.
      await devnet?.stop();
    },
  };
}
