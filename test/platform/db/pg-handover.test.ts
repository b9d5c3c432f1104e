// test: PostgreSQL only — several processes on one PostgreSQL database
// PostgreSQL: a transaction's connection passes to the next waiting job as its COMMIT leaves
// (src/db/pg-engine.ts), so the next job's first statements share the COMMIT's round trip. What each job
// sent keeps its own failures: a write that fails in the first job fails that job, never the one the
// connection was handed to, and the other way round. One connection (DATABASE_POOL_SIZE 1), so the second job must wait for it.
// PostgreSQL only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEngine } from '../../../src/db/engine.js';
import type { Engine } from '../../../src/db/engine-types.js';
import type { Exec } from '../../../src/db/exec.js';
import { unawaited } from '../../../src/db/pipelined.js';
import { pgStatement } from '../../../src/db/prepared.js';
import { createPgSchema, type PgSchema } from '../../helpers/pg.js';

let schema: PgSchema;
let engine: Engine;
beforeAll(async () => {
  schema = await createPgSchema('handover');
  engine = await openEngine({ kind: 'pg', url: schema.url }, { poolSize: 1 });
});
afterAll(async () => {
  await engine.close();
  await schema.drop();
});

const deny = (x: Exec, address: string) =>
  pgStatement(x, 'testDeny', `insert into screening_denylist (blockchain, address_key, created_at) values ('ETH', $1, 't')`, [address]);
/** A write that fails and is not retried (23502: created_at is NOT NULL; a 23505 would be retried). */
const broken = (x: Exec, address: string) =>
  pgStatement(x, 'testDenyBroken', `insert into screening_denylist (blockchain, address_key, created_at) values ('ETH', $1, null)`, [address]);
const count = async (address: string) =>
  (await pgStatement<{ n: number }>(engine.read, 'testCountDenied', 'select count(*)::int as n from screening_denylist where address_key = $1', [address])).rows[0]!.n;
const roundTrips = () => engine.stats().roundTrips!;

describe('the connection handed over at COMMIT (PostgreSQL)', () => {
  it('a failed write unread by its job fails that job; the next job on the connection commits; they share a round trip', async () => {
    const before = roundTrips();
    // A: its failing write goes out unawaited with its COMMIT. B: waits for the one connection.
    const a = engine.writer.run(async (tx) => {
      unawaited(tx, broken(tx, '0xbroken'));
      return 'a';
    });
    const b = engine.writer.run(async (tx) => {
      await deny(tx, '0xb');
      return 'b';
    });
    const [ra, rb] = await Promise.allSettled([a, b]);
    expect(ra.status).toBe('rejected');
    expect((ra as PromiseRejectedResult).reason).toMatchObject({ code: '23502' });
    expect(rb).toEqual({ status: 'fulfilled', value: 'b' });
    // A's flight (BEGIN, write, COMMIT) carried B's first (BEGIN, write); B's COMMIT is the second.
    expect(roundTrips() - before).toBe(2);
    expect([await count('0xbroken'), await count('0xb')]).toEqual([0, 1]);
  });

  it('the job handed the connection fails on its own write, and the one before it keeps its commit', async () => {
    const a = engine.writer.run(async (tx) => {
      unawaited(tx, deny(tx, '0xa2'));
      return 'a';
    });
    const b = engine.writer.run(async (tx) => {
      unawaited(tx, broken(tx, '0xb2'));
      return 'b';
    });
    const [ra, rb] = await Promise.allSettled([a, b]);
    expect(ra).toEqual({ status: 'fulfilled', value: 'a' });
    expect(rb.status).toBe('rejected');
    expect((rb as PromiseRejectedResult).reason).toMatchObject({ code: '23502' });
    expect([await count('0xa2'), await count('0xb2')]).toEqual([1, 0]);
  });
});
