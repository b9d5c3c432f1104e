// Assembles the service: database → Apollo → surfaces → pipeline → HTTP server, plus the purge of
// expired state.
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino, { type Logger } from 'pino';
import type { Config } from './config.js';
import { purgeNonces } from './db/clients-repository.js';
import { purgeIdempotencyRecords } from './db/idempotency-repository.js';
import { createRequire } from 'node:module';
import { startCheckpointer } from './db/checkpointer.js';
import { GroupCommitter } from './db/group-commit.js';
import { openDatabase, type DbHandle } from './db/open.js';
import { descriptors } from './graphql/registry.js';
import { createApollo } from './graphql/server.js';
import { GraphQLSurface } from './http/graphql-surface.js';
import { NONCE_WINDOW_MS } from './http/nonces.js';
import { Pipeline, type Clock } from './http/pipeline.js';
import { RestSurface } from './http/rest-surface.js';
import { createHttpServer } from './http/server.js';

export type RunningService = {
  url: string;
  port: number;
  database: DbHandle;
  server: http.Server;
  /** Group-commit and replay-cache counters (tests, benchmark). */
  stats(): GroupCommitter['stats'] & ReturnType<Pipeline['stats']>;
  stop(): Promise<void>;
};

const PURGE_INTERVAL_MS = 60_000;

export async function purgeExpired(database: DbHandle, nowMs = Date.now()): Promise<{ nonces: number; idempotency: number }> {
  return {
    nonces: await purgeNonces(database.db, nowMs - NONCE_WINDOW_MS),
    idempotency: await purgeIdempotencyRecords(database.db, nowMs),
  };
}

export type ServiceOptions = {
  logger?: Logger;
  /** Every time reading of the request path (auth window, rate limits, caches, records); tests move it. */
  clock?: Clock;
};

export async function startService(config: Config, options: ServiceOptions = {}): Promise<RunningService> {
  const { logger } = options;
  const clock = options.clock ?? (() => new Date());
  const log = logger ?? pino({ level: config.logLevel, base: undefined, redact: ['*.secret', '*.signature'] });
  const database = openDatabase(config.databaseFile);
  // checkpointIntervalMs 0 leaves checkpoints to SQLite (in line, every 1000 pages), for comparison.
  const interval = config.checkpointIntervalMs;
  if (interval > 0) database.sqlite.pragma('wal_autocheckpoint = 0');
  const checkpointer =
    interval > 0
      ? startCheckpointer(config.databaseFile, createRequire(import.meta.url).resolve('better-sqlite3'), interval, (message) =>
          log.error({ message }, 'WAL checkpoint failed'),
        )
      : { stop: async () => {} };
  const { apollo, schema } = createApollo({ production: config.production });
  await apollo.start();
  const writer = new GroupCommitter(database, undefined, config.groupCommitGatherMs);
  const pipeline = new Pipeline({
    config,
    db: database.db,
    writer,
    graphql: new GraphQLSurface(apollo),
    rest: new RestSurface(schema, descriptors),
    logger: log,
    clock,
  });
  const server = createHttpServer(pipeline);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const purge = setInterval(() => {
    purgeExpired(database, clock().getTime()).then(
      (purged) => {
        if (purged.nonces || purged.idempotency) log.debug({ purged }, 'purged expired nonces and idempotency records');
      },
      (err: unknown) => log.error({ err }, 'purge failed'),
    );
  }, PURGE_INTERVAL_MS);
  purge.unref();
  return {
    url: `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`,
    port,
    database,
    server,
    stats: () => ({ ...writer.stats, ...pipeline.stats() }),
    async stop() {
      clearInterval(purge);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await apollo.stop();
      await checkpointer.stop();
      await writer.close();
      database.close();
    },
  };
}
