// The PostgreSQL part of `npm run bench`: REST creates at saturation on one PostgreSQL database with one
// and with two server processes, in alternating rounds with the PostgreSQL floors and with SQLite creates
// on a service of their own, so the PostgreSQL / SQLite ratio compares rounds minutes apart at most.
// BENCH_PG_URL (default: the local server's `test` database); skipped when it does not answer. Each run
// works in a schema of its own, dropped afterwards.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { analyze, CONNECTIONS, SECONDS, median, measure, measureSpread, provision, ROUNDS, scenarios, startPgFloor, startService, stop, type Measure, type Proc } from './harness.js';
import { pgbenchFloor } from './pgbench-floor.js';

const PG_URL = process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/test';

export type PostgresResult = {
  oneProcessRps: number;
  twoProcessesRps: number;
  oneProcessP99: number;
  twoProcessesP99: number;
  /** SQLite REST creates on a service of their own, measured in the same rounds (the ratio's other side). */
  sqliteRps: number;
  /** PostgreSQL (1 process) / SQLite, each round's pair: the machine's drift cancels within a round. */
  roundRatios: number[];
  /** The node:http floor on PostgreSQL (bench/floor-server-pg.ts): the most a process gets through node-postgres here. */
  nodeFloorRps: number;
  /** pgbench, the create's statements in one transaction (bench/pgbench-floor.ts): as the service, and with the feed lock exclusive to commit. */
  floorTps?: number;
  exclusiveFloorTps?: number;
  measurements: Measure[];
};

async function admin(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

export async function benchPostgres(dir: string): Promise<PostgresResult | undefined> {
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  try {
    await admin(`CREATE SCHEMA ${schema}`);
  } catch (error) {
    console.log(`PostgreSQL at BENCH_PG_URL does not answer (${(error as Error).message}): its part is skipped`);
    return undefined;
  }
  const url = new URL(PG_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const databaseUrl = url.toString();
  const started: Proc[] = [];
  try {
    const fixture = await provision(path.join(dir, 'pg-1.db'), databaseUrl);
    const fixture2 = { ...fixture, file: path.join(dir, 'pg-2.db') };
    started.push(await startService(fixture.file, { DATABASE_URL: databaseUrl }));
    started.push(await startService(fixture2.file, { DATABASE_URL: databaseUrl }));
    started.push(await startPgFloor(databaseUrl, fixture.secret, path.join(dir, 'pg-floor.log')));
    const sqliteFixture = await provision(path.join(dir, 'pg-part-sqlite.db'));
    started.push(await startService(sqliteFixture.file));
    const [a, b, nodeFloor, sqlite] = started as [Proc, Proc, Proc, Proc];
    await measure('warm-up PostgreSQL process 1', a.url, fixture, scenarios.restCreate(fixture));
    await measure('warm-up PostgreSQL process 2', b.url, fixture, scenarios.restCreate(fixture));
    await measure('warm-up PostgreSQL floor', nodeFloor.url, fixture, scenarios.floorCreate(fixture));
    await measure('warm-up SQLite beside PostgreSQL', sqlite.url, sqliteFixture, scenarios.restCreate(sqliteFixture));
    await analyze(databaseUrl);
    const one: Measure[] = [];
    const nodeFloorRates: number[] = [];
    const sqliteRates: number[] = [];
    const two: Measure[] = [];
    const floor: number[] = [];
    const exclusive: number[] = [];
    const pgbench = { clients: CONNECTIONS, seconds: SECONDS };
    for (let round = 1; round <= ROUNDS; round++) {
      sqliteRates.push((await measure(`SQLite REST create, beside PostgreSQL (round ${round})`, sqlite.url, sqliteFixture, scenarios.restCreate(sqliteFixture))).rps);
      one.push(await measure(`PostgreSQL REST create, 1 process (round ${round})`, a.url, fixture, scenarios.restCreate(fixture)));
      nodeFloorRates.push((await measure(`PostgreSQL floor create, node:http (round ${round})`, nodeFloor.url, fixture, scenarios.floorCreate(fixture))).rps);
      two.push(await measureSpread(`PostgreSQL REST create, 2 processes (round ${round})`, [a.url, b.url], fixture, scenarios.restCreate(fixture)));
      const f = await pgbenchFloor(dir, databaseUrl, fixture, { ...pgbench, feedLock: 'shared' });
      const x = await pgbenchFloor(dir, databaseUrl, fixture, { ...pgbench, feedLock: 'exclusive' });
      if (f) floor.push(f.tps);
      if (x) exclusive.push(x.tps);
      if (f && x) console.log(`pgbench floor (round ${round}): ${f.tps.toFixed(0)}/s as the service (feed lock shared), ${x.tps.toFixed(0)}/s with it exclusive to commit`);
    }
    return {
      sqliteRps: median(sqliteRates),
      roundRatios: one.map((m, i) => m.rps / sqliteRates[i]!),
      nodeFloorRps: median(nodeFloorRates),
      floorTps: floor.length > 0 ? median(floor) : undefined,
      exclusiveFloorTps: exclusive.length > 0 ? median(exclusive) : undefined,
      oneProcessRps: median(one.map((m) => m.rps)),
      twoProcessesRps: median(two.map((m) => m.rps)),
      oneProcessP99: median(one.map((m) => m.p99)),
      twoProcessesP99: median(two.map((m) => m.p99)),
      measurements: [...one, ...two],
    };
  } finally {
    for (const p of started) await stop(p);
    await admin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => {});
  }
}
