// `npm run bench`: signed load with autocannon against the real server in its own
// process, side by side with the durable and the no-fsync floor (bench/floor-server.ts), measured alternately in
// one run; the ratios against both, with their targets (docs/performance.md), end the output.
// Knobs: BENCH_SECONDS (per measurement, default 5), BENCH_ROUNDS (3), BENCH_LATENCY_ROUNDS (5), BENCH_CONNECTIONS (32),
// BENCH_SEED_ROWS (1000000; 0 skips the large-database comparison), BENCH_CPU_PROF (a folder for CPU profiles),
// PACED_DUMP (a folder for each paced request's timing, bench/paced.ts), BENCH_PG_URL / BENCH_PG=0 (the PostgreSQL
// part, bench/postgres.ts). Request logs go to the state folder.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CONNECTIONS, LATENCY_ROUNDS, ROOT, ROUNDS, SECONDS, SEED_ROWS, measure, median, paced, provision, scenarios, signedPost, startFloor, startService, stop, type Measure } from './harness.js';
import { benchPostgres } from './postgres.js';
import { seedRows } from './seed.js';

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'partner-bench-'));
  console.log(`bench: ${SECONDS} s per measurement, ${ROUNDS} rounds, ${CONNECTIONS} connections, node ${process.version}, ${os.cpus().length} cores; state in ${dir}`);
  const fixture = await provision(path.join(dir, 'service.db'));
  const floorFixture = { ...fixture, file: path.join(dir, 'floor.db') };
  const normalFixture = { ...fixture, file: path.join(dir, 'floor-normal.db') };
  const service = await startService(fixture.file);
  const floor = await startFloor(floorFixture.file, fixture.secret);
  // The same floor without the fsync at commit (synchronous=NORMAL): the CPU cost of a create's work.
  const floorNormal = await startFloor(normalFixture.file, fixture.secret, 'NORMAL');
  const results: Measure[] = [];
  try {
    // Warm-up: JIT, caches, the first WAL pages.
    await measure('warm-up service', service.url, fixture, scenarios.restCreate(fixture));
    await measure('warm-up floor', floor.url, floorFixture, scenarios.floorCreate(floorFixture));
    await measure('warm-up floor, no fsync', floorNormal.url, normalFixture, scenarios.floorCreate(normalFixture));

    const floorRates: number[] = [];
    const normalRates: number[] = [];
    const restRates: number[] = [];
    const gqlRates: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      floorRates.push((await measure(`floor create (round ${round})`, floor.url, floorFixture, scenarios.floorCreate(floorFixture))).rps);
      normalRates.push((await measure(`floor create, no fsync (round ${round})`, floorNormal.url, normalFixture, scenarios.floorCreate(normalFixture))).rps);
      const rest = await measure(`REST create (round ${round})`, service.url, fixture, scenarios.restCreate(fixture));
      const gql = await measure(`GraphQL create (round ${round})`, service.url, fixture, scenarios.graphqlCreate(fixture));
      restRates.push(rest.rps);
      gqlRates.push(gql.rps);
      results.push(rest, gql);
    }
    const first = scenarios.restCreate(fixture)();
    const created = await signedPost(service.url, fixture, first);
    if (created.status !== 200) throw new Error(`seed create failed: ${created.body}`);
    const replay = await measure('REST idempotent replay', service.url, fixture, scenarios.replay(fixture, first.key!, first.body));
    const query = await measure('GraphQL query by id', service.url, fixture, scenarios.queryById(JSON.parse(created.body).walletBeneficiaryId));
    results.push(replay, query);

    const restSat = median(restRates);
    const gqlSat = median(gqlRates);
    // The floor at the same paced rate: what the machine and the load generator add to the latency.
    // One p99 of a few thousand requests swings with the machine; like the rates, it is measured in
    // LATENCY_ROUNDS alternating rounds and the median is reported, every round listed.
    const halfP99 = { floor: [] as number[], rest: [] as number[], graphql: [] as number[] };
    // The order rotates each round: whichever runs right after the floor inherits the disk writeback of
    // its synchronous commits.
    const halfRuns: { key: keyof typeof halfP99; run: (round: number) => Promise<Measure> }[] = [
      { key: 'floor', run: (r) => paced(`floor create at the same rate (round ${r})`, floor.url, floorFixture, scenarios.floorCreate(floorFixture), restSat / 2) },
      { key: 'rest', run: (r) => paced(`REST create at half saturation (round ${r})`, service.url, fixture, scenarios.restCreate(fixture), restSat / 2) },
      { key: 'graphql', run: (r) => paced(`GraphQL create at half saturation (round ${r})`, service.url, fixture, scenarios.graphqlCreate(fixture), gqlSat / 2) },
    ];
    for (let round = 1; round <= LATENCY_ROUNDS; round++) {
      for (let i = 0; i < halfRuns.length; i++) {
        const { key, run } = halfRuns[(i + round - 1) % halfRuns.length]!;
        const m = await run(round);
        results.push(m);
        halfP99[key].push(m.p99);
      }
    }

    // The same replays with the replay cache off: what a retry costs through the whole GraphQL path
    // (a retry in other bytes, or the first retry after a restart).
    await stop(service);
    const uncached = await startService(fixture.file, { REPLAY_CACHE_ENTRIES: '0' });
    let replayFull: Measure;
    try {
      replayFull = await measure('REST replay, cache off', uncached.url, fixture, scenarios.replay(fixture, first.key!, first.body));
    } finally {
      await stop(uncached);
    }
    results.push(replayFull);

    let large: { rows: number; rps: number; emptyRps: number } | undefined;
    if (SEED_ROWS > 0) {
      const bigFixture = await provision(path.join(dir, 'large.db'));
      const t0 = Date.now();
      seedRows(bigFixture.file, bigFixture, SEED_ROWS);
      console.log(`seeded ${SEED_ROWS} beneficiaries and idempotency rows in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
      const emptyFixture = await provision(path.join(dir, 'empty.db'));
      const big = await startService(bigFixture.file);
      const empty = await startService(emptyFixture.file);
      try {
        await measure('warm-up large', big.url, bigFixture, scenarios.restCreate(bigFixture));
        const bigRates: number[] = [];
        const emptyRates: number[] = [];
        for (let round = 1; round <= ROUNDS; round++) {
          emptyRates.push((await measure(`REST create, empty db (round ${round})`, empty.url, emptyFixture, scenarios.restCreate(emptyFixture))).rps);
          bigRates.push((await measure(`REST create, ${SEED_ROWS} rows (round ${round})`, big.url, bigFixture, scenarios.restCreate(bigFixture))).rps);
        }
        large = { rows: SEED_ROWS, rps: median(bigRates), emptyRps: median(emptyRates) };
      } finally {
        await stop(big);
        await stop(empty);
      }
    }

    // The same creates on PostgreSQL, one and two server processes (bench/postgres.ts).
    const postgres = process.env.BENCH_PG === '0' ? undefined : await benchPostgres(dir);
    if (postgres) results.push(...postgres.measurements);

    const floorRate = median(floorRates);
    const normalRate = median(normalRates);
    const summary = {
      at: new Date().toISOString(),
      node: process.version,
      cores: os.cpus().length,
      seconds: SECONDS,
      rounds: ROUNDS,
      latencyRounds: LATENCY_ROUNDS,
      connections: CONNECTIONS,
      floorCreateRps: floorRate,
      floorNoFsyncCreateRps: normalRate,
      restCreateRps: restSat,
      graphqlCreateRps: gqlSat,
      ratios: {
        restCreateToFloor: restSat / floorRate,
        restCreateToNoFsyncFloor: restSat / normalRate,
        graphqlCreateToFloor: gqlSat / floorRate,
        graphqlCreateToNoFsyncFloor: gqlSat / normalRate,
        replayToRestCreate: replay.rps / restSat,
        replayCacheOffToRestCreate: replayFull.rps / restSat,
        largeToEmpty: large ? large.rps / large.emptyRps : null,
      },
      halfSaturationP99Ms: { floor: median(halfP99.floor), rest: median(halfP99.rest), graphql: median(halfP99.graphql), rounds: halfP99 },
      large,
      postgres: postgres && {
        oneProcessRps: postgres.oneProcessRps,
        twoProcessesRps: postgres.twoProcessesRps,
        oneProcessP99: postgres.oneProcessP99,
        twoProcessesP99: postgres.twoProcessesP99,
        nodeFloorRps: postgres.nodeFloorRps,
        sqliteRps: postgres.sqliteRps,
        roundRatios: postgres.roundRatios,
        floorTps: postgres.floorTps,
        exclusiveFloorTps: postgres.exclusiveFloorTps,
      },
      measurements: results,
    };
    console.log('\n| measurement | req/s | p50 ms | p99 ms | non-2xx |\n|---|---:|---:|---:|---:|');
    console.log(`| floor create (median) | ${floorRate.toFixed(0)} | | | |`);
    console.log(`| floor create, no fsync (median) | ${normalRate.toFixed(0)} | | | |`);
    for (const m of results) console.log(`| ${m.name} | ${m.rps.toFixed(0)} | ${m.p50} | ${m.p99} | ${m.non2xx} |`);
    // Every target of the create path from this one run (docs/performance.md).
    const p99Rest = median(halfP99.rest);
    const p99Gql = median(halfP99.graphql);
    // A row's target and whether it is met, from one bound.
    type Bound = ['≥' | '≤', number];
    const row = (name: string, value: number, bound?: Bound, text = value.toFixed(2)) => ({
      name,
      text,
      target: bound ? `${bound[0]} ${bound[1]}` : '',
      met: bound ? (bound[0] === '≥' ? value >= bound[1] : value <= bound[1]) : null,
    });
    const r = summary.ratios;
    const ratioRows = [
      row('REST create / durable floor', r.restCreateToFloor, ['≥', 1.5]),
      row('REST create / no-fsync floor', r.restCreateToNoFsyncFloor, ['≥', 0.6]),
      row('GraphQL create / durable floor', r.graphqlCreateToFloor, ['≥', 1.3]),
      row('GraphQL create / no-fsync floor', r.graphqlCreateToNoFsyncFloor, ['≥', 0.5]),
      row('REST replay / REST create', r.replayToRestCreate, ['≥', 2]),
      row('REST replay, cache off / REST create', r.replayCacheOffToRestCreate),
      row(`p99 at half saturation, REST, ms (median of ${LATENCY_ROUNDS}: ${halfP99.rest.join(', ')})`, p99Rest, ['≤', 25], String(p99Rest)),
      row(`p99 at half saturation, GraphQL, ms (median of ${LATENCY_ROUNDS}: ${halfP99.graphql.join(', ')})`, p99Gql, ['≤', 25], String(p99Gql)),
      row(`floor p99 at the REST rate, ms (${halfP99.floor.join(', ')})`, median(halfP99.floor), undefined, String(median(halfP99.floor))),
    ];
    if (large) ratioRows.push(row(`REST create, ${large.rows} rows / empty`, large.rps / large.emptyRps, ['≥', 0.8]));
    if (postgres) {
      const rounds = postgres.roundRatios.map((x) => x.toFixed(2)).join(', ');
      const name = `PostgreSQL REST create, 1 process / SQLite, alternating rounds (${postgres.oneProcessRps.toFixed(0)} / ${postgres.sqliteRps.toFixed(0)}; rounds ${rounds})`;
      ratioRows.push(row(name, postgres.oneProcessRps / postgres.sqliteRps, ['≥', 0.6]));
    }
    console.log('\n| ratio | value | target | met |\n|---|---:|---|---|');
    for (const { name, text, target, met } of ratioRows) console.log(`| ${name} | ${text} | ${target} | ${met === null ? '' : met ? 'yes' : '**no**'} |`);
    if (postgres) {
      console.log(
        `REST creates, saturated (median of ${ROUNDS}): SQLite ${restSat.toFixed(0)}/s; PostgreSQL 1 process ${postgres.oneProcessRps.toFixed(0)}/s (p99 ${postgres.oneProcessP99} ms), 2 processes ${postgres.twoProcessesRps.toFixed(0)}/s (p99 ${postgres.twoProcessesP99} ms)`,
      );
      console.log(
        `PostgreSQL node:http floor (bench/floor-server-pg.ts) ${postgres.nodeFloorRps.toFixed(0)}/s (what any service could reach of the 0.6 here): / SQLite beside it = ${(postgres.nodeFloorRps / postgres.sqliteRps).toFixed(2)}, / the first part's SQLite REST create = ${(postgres.nodeFloorRps / restSat).toFixed(2)}; PostgreSQL REST create / it = ${(postgres.oneProcessRps / postgres.nodeFloorRps).toFixed(2)}`,
      );
      if (postgres.floorTps && postgres.exclusiveFloorTps)
        console.log(
          `PostgreSQL REST create (1 process) / the SQLite REST create of the first part = ${(postgres.oneProcessRps / restSat).toFixed(2)} (minutes apart); / pgbench floor ${postgres.floorTps.toFixed(0)}/s = ${(postgres.oneProcessRps / postgres.floorTps).toFixed(2)} (goal ≥ 0.3); the floor with the feed lock exclusive to commit: ${postgres.exclusiveFloorTps.toFixed(0)}/s`,
        );
    }
    const out = path.join(ROOT, 'bench', 'results');
    fs.mkdirSync(out, { recursive: true });
    fs.writeFileSync(path.join(out, 'latest.json'), JSON.stringify(summary, null, 2));
    console.log(`\nwrote bench/results/latest.json`);
  } finally {
    await stop(service);
    await stop(floor);
    await stop(floorNormal);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
// Keep-alive sockets of the load generators must not hold the run open once the results are written.
process.exit(0);
