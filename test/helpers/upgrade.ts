// §10.11 upgrade tests: a server started on a database the previous release wrote (the fixtures of
// test/fixtures/, made by test/fixtures/make-previous-release.ts with that release's own code).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import pino from 'pino';
import { buildSchema, getNamedType, isObjectType, type GraphQLObjectType, type GraphQLSchema } from 'graphql';
import { loadTypeDefs } from '../../src/graphql/type-defs.js';
import { startService } from '../../src/service.js';
import { TestServer, type Client } from './harness.js';
import { createPgSchema, TEST_ENGINE, type PgSchema } from './pg.js';
import { PgTestDb } from './pg-test-db.js';
import { SqliteTestDb } from './test-db.js';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');

export type Manifest = {
  customers: Record<'alice' | 'bob', string>;
  beneficiaries: Record<'active' | 'blocked', string>;
  deposits: Record<'aliceEthHash' | 'aliceEthNoHash' | 'aliceTron' | 'bobBtc' | 'bobEthOdd' | 'bobEthFirst' | 'bobEthDuplicate', string>;
  givenTxHash: Record<string, string>;
  refunds: Record<'refundApproved' | 'refundAwaiting' | 'refundConfirmed' | 'refundTronConfirmed' | 'refundBtcAwaiting', string>;
  withdrawals: Record<'withdrawal', string>;
};

const fixture = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'previous-release.json'), 'utf8')) as {
  secretKey: string;
  client: Client;
  sqlite: Manifest;
  pg: Manifest;
};

/** PARTNER_SECRET_KEY of the fixtures: their client secrets are sealed under it. */
export const FIXTURE_SECRET_KEY = fixture.secretKey;
/** The fixture's partner client (its secret is sealed at rest under the fixture's PARTNER_SECRET_KEY). */
export const FIXTURE_CLIENT: Client = fixture.client;
/** The records of the fixture of this run's engine, by role. */
export const MANIFEST: Manifest = fixture[TEST_ENGINE];

/** A fresh schema holding the previous release's PostgreSQL dump. */
export async function loadPgFixture(name = 'previous-release'): Promise<PgSchema> {
  const schema = await createPgSchema('up');
  const c = new pg.Client({ connectionString: schema.url });
  await c.connect();
  try {
    await c.query(fs.readFileSync(path.join(FIXTURES, `${name}.pg.sql`), 'utf8'));
  } finally {
    await c.end();
  }
  return schema;
}

/**
 * A TestServer whose database is a copy of the previous release's (SQLite: the file; PostgreSQL: the dump
 * in a schema of its own). `load()` puts the database in place without starting (so a test can read what
 * the previous release wrote); `start()` loads it first if needed, and restarts keep it.
 */
export class PreviousReleaseServer extends TestServer {
  private fixtureSchema: PgSchema | undefined;
  private loaded = false;

  /** `fixtureName`: the files of test/fixtures/ to start from (`<name>.sqlite`, `<name>.pg.sql`). */
  constructor(
    env: Record<string, string> = {},
    private readonly fixtureName = 'previous-release',
  ) {
    super({ PARTNER_SECRET_KEY: fixture.secretKey, PARTNER_SANDBOX: 'true', ...env });
  }

  async load(): Promise<this> {
    if (this.loaded) return this;
    this.loaded = true;
    if (TEST_ENGINE === 'pg') {
      this.fixtureSchema = await loadPgFixture(this.fixtureName);
      this.config.database = { kind: 'pg', url: this.fixtureSchema.url };
      this.db = new PgTestDb(this.fixtureSchema.url, this.fixtureSchema.schema);
    } else {
      fs.copyFileSync(path.join(FIXTURES, `${this.fixtureName}.sqlite`), this.file);
      this.db = new SqliteTestDb(this.file);
    }
    return this;
  }

  override async start(): Promise<this> {
    await this.load();
    this.service = await startService(this.config, { logger: pino({ level: 'silent' }), clock: this.clock.now });
    return this;
  }

  override async stop(): Promise<void> {
    await super.stop();
    await this.fixtureSchema?.drop();
  }
}

let schema: GraphQLSchema | undefined;

/** Every field of a GraphQL object type as a selection set (nested objects in full): "what the by-id query returns". */
export function allFields(typeName: string): string {
  schema ??= buildSchema(loadTypeDefs());
  const walk = (type: GraphQLObjectType): string =>
    Object.values(type.getFields())
      .map((f) => {
        const named = getNamedType(f.type);
        return isObjectType(named) ? `${f.name} { ${walk(named)} }` : f.name;
      })
      .join(' ');
  const type = schema.getType(typeName);
  if (!isObjectType(type)) throw new Error(`${typeName} is not an object type`);
  return walk(type);
}

/** test/fixtures/before-onboarding.*: the customers the release before §12 wrote, by role, of this run's engine. */
export const BEFORE_ONBOARDING: Record<'alice' | 'acme' | 'bob', string> = (
  JSON.parse(fs.readFileSync(path.join(FIXTURES, 'before-onboarding.json'), 'utf8')) as Record<string, Record<'alice' | 'acme' | 'bob', string>>
)[TEST_ENGINE]!;
