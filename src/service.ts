// Assembles the service: engine → the areas' running pieces → Apollo → surfaces → pipeline → HTTP
// server, plus the purge of expired state. What an area adds (its runtime.ts: started and stopped pieces,
// purges, metrics; its http.ts: raw routes) comes from the generated lists: no area is named here.
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino, { type Logger } from 'pino';
import type { Config } from './config.js';
import { purgeNonces } from './db/clients-repository.js';
import { openEngine, type Engine } from './engine/open.js';
import { loadLazily } from './core/hook.js';
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
import { areaRoutes } from './http/generated/routes.js';
import { areaRuntimes, type RunningAreas } from './http/generated/runtimes.js';
import { createHttpServer } from './http/server.js';
import type { AreaRuntime, RuntimeServices } from './core/runtime.js';
import { workerTasks } from './worker/tasks.js';
import { Worker } from './worker/worker.js';

export type RunningService = {
  url: string;
  port: number;
  engine: Engine;
  server: http.Server;
  /** §10.7: moves records through their processing states (tests drain it after moving the clock). */
  worker: Worker;
  /** What each area's runtime.ts started, by area. */
  areas: RunningAreas;
  /** Writer and replay-cache counters (tests, benchmark). */
  stats(): Record<string, number>;
  stop(): Promise<void>;
};

const PURGE_INTERVAL_MS = 60_000;

/** Each area's runtime, as the one type the loops below read. */
const runtimes = Object.entries(areaRuntimes) as [keyof RunningAreas, AreaRuntime<unknown>][];

/** Deletes expired nonces, idempotency records and the areas' expired state (their `purges`): rows deleted, by name. */
export async function purgeExpired(engine: Engine, nowMs = Date.now()): Promise<Record<string, number>> {
  return engine.writer.run(async (x) => {
    const purged: Record<string, number> = {
      nonces: await purgeNonces(x, nowMs - NONCE_WINDOW_MS),
      idempotency: await purgeIdempotencyRecords(x, nowMs),
    };
    for (const [, runtime] of runtimes) for (const [name, purge] of Object.entries(runtime.purges ?? {})) purged[name] = await purge(x, new Date(nowMs));
    return purged;
  });
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
  // The modules' hooks and subscribers load their code at first use (src/core/hook.ts); the server loads
  // it now, so no request's transaction waits for an import.
  await loadLazily();
  // §10.11: data upgrades before the server answers (it does not listen until they are done).
  try {
    for (const u of await runUpgrades(engine, { clock, sandboxStepDelayMs: config.sandboxStepDelayMs }))
      if (u.records > 0) log.info({ upgrade: u.name, records: u.records }, 'database upgrade applied');
  } catch (err) {
    await engine.close();
    throw err;
  }
  // The areas' running pieces (§18 C14 the devnet, then C2 the rail's start, §17.4 the live feed), in
  // module order, before the server listens; a refusal stops what started and the start.
  const services: RuntimeServices = { config, engine, clock, logger: log, tuning: { liveFeedPageSize: options.liveFeedPageSize } };
  const running: Partial<Record<keyof RunningAreas, unknown>> = {};
  const started: [AreaRuntime<unknown>, unknown][] = [];
  /** Stops the started areas, last started first: `quiesce` (before the server closes), or `stop` (last). */
  const stopAreas = async (step: 'quiesce' | 'stop') => {
    for (const [runtime, piece] of [...started].reverse()) await runtime[step]?.(piece);
  };
  try {
    for (const [area, runtime] of runtimes) {
      running[area] = await runtime.start?.(services);
      started.push([runtime, running[area]]);
    }
  } catch (err) {
    await stopAreas('quiesce');
    await stopAreas('stop');
    await engine.close();
    throw err;
  }
  const areas = running as RunningAreas;
  const { apollo, schema } = createApollo({ production: config.production });
  await apollo.start();
  const rest = new RestSurface(schema, descriptors);
  const pipeline = new Pipeline({
    config,
    engine,
    graphql: new GraphQLSurface(apollo),
    rest,
    logger: log,
    clock,
    metrics,
    pages: pagesOf({ config, engine, schema, rest, metrics }),
    routes: areaRoutes({ config, engine, clock, logger: log }, areas),
  });
  const server = createHttpServer(pipeline, config);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  }).catch(async (err: unknown) => {
    await stopAreas('quiesce');
    await stopAreas('stop');
    throw err;
  });
  const { port } = server.address() as AddressInfo;
  const purge = setInterval(() => {
    purgeExpired(engine, clock().getTime()).then(
      (purged) => {
        if (Object.values(purged).some((n) => n > 0)) log.debug({ purged }, 'purged expired state');
      },
      (err: unknown) => log.error({ err }, 'purge failed'),
    );
  }, PURGE_INTERVAL_MS);
  purge.unref();
  const tasks = workerTasks(config, { engine, clock, logger: log });
  metrics.watch(engine, tasks, clock);
  for (const [, runtime] of runtimes) runtime.metrics?.(metrics.registry, services);
  const worker = new Worker(engine, tasks, clock, config.workerPollIntervalMs, log);
  worker.start();
  return {
    url: `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`,
    port,
    engine,
    server,
    worker,
    areas,
    stats: () => ({ ...engine.stats(), ...pipeline.stats() }),
    async stop() {
      clearInterval(purge);
      await worker.stop();
      // What answers on the connections (the live streams) ends cleanly before they are closed under it.
      await stopAreas('quiesce');
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await apollo.stop();
      await engine.close();
      // After the worker: no rail step is left to reach the devnet's node.
      await stopAreas('stop');
    },
  };
}
