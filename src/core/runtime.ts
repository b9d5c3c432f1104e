// What an area adds to a running server besides its operations, routes and worker tasks
// (src/modules/<area>/runtime.ts, gathered by codegen into src/http/generated/runtimes.ts): something
// started before the server listens and stopped with it (the EVM rail, the live feed), expired state
// purged periodically, and gauges of its own on GET /metrics. src/service.ts runs every area's the same
// way and names none.
import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import type { Config } from '../config.js';
import type { Engine } from '../db/engine.js';
import type { Exec } from '../db/exec.js';

export type RuntimeServices = {
  config: Config;
  engine: Engine;
  clock: () => Date;
  logger: Logger;
  /** Sizes tests make small (src/service.ts ServiceOptions); unset in production. */
  tuning: { liveFeedPageSize?: number };
};

export type AreaRuntime<Running = undefined> = {
  /**
   * Before the server listens, after the data upgrades (a refusal stops the start: it stops what it began
   * itself before it throws). What it returns is the area's running piece: its routes get it
   * (RouteDeps.running) and RunningService.areas holds it.
   */
  start?(services: RuntimeServices): Running | Promise<Running>;
  /** After the worker stopped and before the server closes its connections: what answers on them ends cleanly. */
  quiesce?(running: Running): Promise<void>;
  /** Last, after the server and the engine: what they used is let go (a devnet node). */
  stop?(running: Running): Promise<void>;
  /** Expired state deleted periodically (and by purgeExpired), each named in the result: rows deleted. */
  purges?: Record<string, (tx: Exec, now: Date) => Promise<number>>;
  /** Its gauges and counters, registered on the service's registry (read when scraped). */
  metrics?(registry: Registry, services: RuntimeServices): void;
};

/** Types an area's runtime (the identity: `export default areaRuntime({ … })`). */
export const areaRuntime = <Running = undefined>(runtime: AreaRuntime<Running>): AreaRuntime<Running> => runtime;

/** The running piece an area's runtime starts. */
export type RunningOf<R> = R extends AreaRuntime<infer Running> ? Running : never;
