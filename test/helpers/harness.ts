// Starts the real service on an ephemeral port with a temporary SQLite file, and talks to it the way
// a partner does: real HTTP, every request signed (contract §2).
import { verificationDecide } from '../../src/modules/customers/operators.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import pino from 'pino';
import { loadConfig, type Config } from '../../src/config.js';
import { openEngine, type Engine } from '../../src/db/engine.js';
import { createClient, createRoute, type EvmReach, type RouteOptions } from '../../src/cli/operators.js';
import { operationHashOf } from '../../src/core/operation-hash.js';
import { signedHeaders } from '../../src/http/signature.js';
import { startService, type RunningService, type ServiceOptions } from '../../src/service.js';
import { createPgSchema, TEST_ENGINE, type PgSchema } from './pg.js';
import { PgTestDb } from './pg-test-db.js';
import { graphqlOnlyFieldsOf, restFieldsOf, selectionOf } from './sdl-fields.js';
import { SqliteTestDb, type TestDb } from './test-db.js';

export type Client = { clientId: string; secret: string };

export type Reply = {
  status: number;
  headers: Headers;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
};

export type RequestOptions = {
  body?: unknown;
  rawBody?: string | Buffer;
  idempotencyKey?: string | null;
  headers?: Record<string, string>;
  client?: Client;
  /** false: send no auth headers at all. */
  sign?: boolean;
  timestamp?: string;
  nonce?: string;
};

/** The service's clock: real time plus an offset a test moves forward instead of sleeping. */
export class TestClock {
  private offsetMs = 0;
  /** Set while frozen: the time the clock reads, which only advance() moves. */
  private frozenMs: number | undefined;
  readonly now = (): Date => new Date(this.frozenMs ?? Date.now() + this.offsetMs);
  advance(ms: number): void {
    this.offsetMs += ms;
    if (this.frozenMs !== undefined) this.frozenMs += ms;
  }
  /** Stops the clock where it reads now (a suite that counts what real time would refill, say); advance() still moves it. */
  freeze(): void {
    this.frozenMs = this.now().getTime();
  }
  /** Runs again from where it was frozen. */
  thaw(): void {
    if (this.frozenMs === undefined) return;
    this.offsetMs = this.frozenMs - Date.now();
    this.frozenMs = undefined;
  }
}

export class TestServer {
  service!: RunningService;
  readonly clock = new TestClock();
  readonly dir: string;
  /** The SQLite file (SQLite runs), or where it would be. */
  readonly file: string;
  readonly config: Config;
  /** The test's own look at the server's database, engine-neutral (helpers/test-db.ts). */
  db: TestDb;
  /** PostgreSQL runs (`npm run test:pg`): the schema of this server's own, dropped by stop(). */
  private pg: PgSchema | undefined;
  /** The service's logger (default: silent); a suite that reads the log sets its own before start(). */
  logger: pino.Logger = pino({ level: 'silent' });
  /** Service options beside the logger and clock (set before start). */
  options: Omit<ServiceOptions, 'logger' | 'clock'> = {};

  constructor(env: Record<string, string> = {}) {
    this.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'partner-api-test-'));
    this.file = path.join(this.dir, 'partner.db');
    this.db = new SqliteTestDb(this.file);
    this.config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATABASE_URL: `file:${this.file}`,
      LOG_LEVEL: 'silent',
      // Suites send many requests from one address; the rate-limit suite sets its own limits.
      RATE_LIMIT_RPS: '1000000',
      RATE_LIMIT_BURST: '1000000',
      ANONYMOUS_RATE_LIMIT_RPS: '1000000',
      ANONYMOUS_RATE_LIMIT_BURST: '1000000',
      // §10.7: records move only when a test moves the clock (advanceWorker), never on their own mid-test.
      SANDBOX_STEP_DELAY_MS: '600000',
      // Production refuses to start without a key for client secrets at rest, and without the links' https
      // base URL (§16.5).
      ...(env.NODE_ENV === 'production' ? { PARTNER_SECRET_KEY: randomBytes(32).toString('hex'), CHECKOUT_LINK_BASE_URL: 'https://pay.example.com/pay' } : {}),
      ...env,
    });
  }

  /** DATABASE_URL of this server's database: the SQLite file, or its PostgreSQL schema. */
  get databaseUrl(): string {
    return this.config.database.kind === 'pg' ? this.config.database.url : `file:${this.file}`;
  }

  async start(): Promise<this> {
    if (TEST_ENGINE === 'pg' && !this.pg) {
      this.pg = await createPgSchema('t');
      this.config.database = { kind: 'pg', url: this.pg.url };
      this.db = new PgTestDb(this.pg.url, this.pg.schema);
    }
    this.service = await startService(this.config, { ...this.options, logger: this.logger, clock: this.clock.now });
    return this;
  }

  get url(): string {
    return this.service.url;
  }

  /**
   * §10.7 without waiting: moves the clock past one step delay and runs every step then due, until a
   * round applies none (or `rounds` rounds ran). Resolves with the steps applied.
   */
  async advanceWorker(rounds = 1000): Promise<number> {
    const worker = this.service.worker;
    const start = worker.applied;
    for (let i = 0; i < rounds; i++) {
      const before = worker.applied;
      this.clock.advance(this.config.sandboxStepDelayMs);
      await worker.drain();
      // Counted by the worker, so a step its own timer took in between counts too.
      if (worker.applied === before) break;
    }
    return worker.applied - start;
  }

  /**
   * Example.worker: `rounds` worker rounds, each on a clock one sandbox step delay further ahead, then
   * the clock back where it was, so that the rest of a walk (and evidence timed by the real clock) keeps
   * its window.
   */
  async workerRound(rounds = 1): Promise<void> {
    const delay = this.config.sandboxStepDelayMs;
    let moved = 0;
    try {
      for (let i = 0; i < rounds; i++) {
        this.clock.advance(delay);
        moved += delay;
        await this.service.worker.drain();
      }
    } finally {
      this.clock.advance(-moved);
    }
  }

  async restart(): Promise<void> {
    await this.service.stop();
    await this.start();
  }

  async stop(): Promise<void> {
    await this.service.stop();
    await this.db.close?.();
    await this.pg?.drop();
    fs.rmSync(this.dir, { recursive: true, force: true });
  }

  /**
   * Operator actions (partnerctl's functions) on a connection of their own, as partnerctl would; async, so
   * that an engine whose operator functions are async fits the same call sites.
   */
  async operator<T>(fn: (engine: Engine) => T | Promise<T>): Promise<T> {
    const engine = await openEngine(this.config.database, { migrate: false, poolSize: 1 });
    try {
      return await fn(engine);
    } finally {
      await engine.close();
    }
  }

  newClient(name = 'Acme'): Promise<Client> {
    return this.operator((db) => createClient(db, this.config.secretBox, { name, clientId: `partner-${randomBytes(4).toString('hex')}` }));
  }

  /** `evm`: the chain an EVM route's decimals are read from, when not the server's own (a server with the rail off). */
  async newRoute(client: Client, o: Partial<RouteOptions> = {}, evm: EvmReach = this.config.evm): Promise<string> {
    const code = o.code ?? `USDT-ETH-${randomBytes(3).toString('hex')}`;
    await this.operator((db) =>
      createRoute(
        db,
        {
          code,
          clientId: client.clientId,
          blockchain: 'ETH',
          currency: 'USDT',
          scale: 6,
          minMinor: '100',
          maxMinor: '1000000000',
          feeMinor: '2500',
          ...o,
        },
        // §18 C12: an EVM route reads its token's decimals through the server's own EVM settings.
        evm,
      ),
    );
    return code;
  }

  async request(client: Client, method: string, pathAndQuery: string, o: RequestOptions = {}): Promise<Reply> {
    const c = o.client ?? client;
    const raw = o.rawBody ?? (o.body === undefined ? '' : JSON.stringify(o.body));
    const idempotencyKey = o.idempotencyKey === undefined ? (method === 'POST' && pathAndQuery !== '/graphql' ? randomUUID() : null) : o.idempotencyKey;
    const headers: Record<string, string> = {};
    if (raw !== '') headers['content-type'] = 'application/json';
    if (o.sign !== false)
      Object.assign(
        headers,
        signedHeaders(c.secret, {
          method,
          path: pathAndQuery,
          clientId: c.clientId,
          idempotencyKey,
          body: raw,
          // The server's clock, which a test may have moved (§2's window is measured against it).
          timestamp: o.timestamp ?? this.clock.now().toISOString(),
          nonce: o.nonce,
        }),
      );
    else if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    Object.assign(headers, o.headers ?? {});
    const res = await fetch(this.url + pathAndQuery, {
      method,
      headers,
      body: method === 'GET' || method === 'HEAD' || raw === '' ? undefined : typeof raw === 'string' ? raw : new Uint8Array(raw),
    });
    return toReply(res);
  }

  /** A signed GraphQL request; mutations get a fresh Idempotency-Key unless one is given (null: none). */
  gql(client: Client, query: string, variables?: Record<string, unknown>, o: RequestOptions = {}): Promise<Reply> {
    const isMutation = /^\s*mutation\b/.test(query);
    const idempotencyKey = o.idempotencyKey === undefined ? (isMutation ? randomUUID() : null) : o.idempotencyKey;
    return this.request(client, 'POST', '/graphql', { ...o, idempotencyKey, body: { query, variables } });
  }
}

/** A fetch response read as a Reply: the body parsed as JSON when it is JSON, else undefined. */
export async function toReply(res: Response): Promise<Reply> {
  const text = await res.text();
  let body: unknown = undefined;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status: res.status, headers: res.headers, text, body };
}

export type SignedFetch = {
  /** Default POST. */
  method?: string;
  path: string;
  /** The raw body, signed as sent (default: empty); not sent with GET. */
  body?: string;
  idempotencyKey?: string | null;
  /** Sent too, before the signature headers. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

/**
 * One request signed as `client` (§2) to a server given by its URL (a spawned one, say), with a JSON
 * content type. Returns the response unread and the X-Partner-Signature it carried.
 */
export async function signedFetch(url: string, client: Client, r: SignedFetch): Promise<{ res: Response; signature: string }> {
  const method = r.method ?? 'POST';
  const body = r.body ?? '';
  const signed = signedHeaders(client.secret, { method, path: r.path, clientId: client.clientId, idempotencyKey: r.idempotencyKey ?? null, body });
  const res = await fetch(url + r.path, {
    method,
    headers: { 'content-type': 'application/json', ...r.headers, ...signed },
    body: method === 'GET' ? undefined : body,
    signal: r.signal,
  });
  return { res, signature: signed['x-partner-signature']! };
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Waits (a real fsync takes a thread-pool round trip) until `cond` holds, for at most 2 s. */
export async function until(cond: () => boolean): Promise<void> {
  const end = Date.now() + 2000;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not met within 2 s');
    await sleep(1);
  }
}

/** A random all-lower-case ETH address (no checksum to satisfy). */
export const randomEthAddress = () => `0x${randomBytes(20).toString('hex')}`;

/** The input of a wallet beneficiary owned by the customer: a private wallet on ETH. */
export function beneficiaryBody(routeCode: string, walletAddress: string, label = 'Cold wallet') {
  return {
    routeCode,
    label,
    blockchain: 'ETH',
    walletAddress,
    isOwner: true,
    walletType: 'PRIVATE_WALLET',
    ownerType: 'INDIVIDUAL',
  };
}

export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  return new TestServer(env).start();
}

/** Valid §5 evidence for an operation, hashed as a partner computes it. */
export function evidenceFor(
  operationType: string,
  pathId: Record<string, string>,
  input: Record<string, unknown>,
  o: { authorizedAt?: Date; operationHash?: string } = {},
) {
  return {
    operationType,
    operationHash: o.operationHash ?? operationHashOf(operationType, pathId, input),
    authorizedAt: (o.authorizedAt ?? new Date()).toISOString(),
    authorizedByPartnerUserRef: 'user-42',
    authorizationMethod: 'PASSKEY',
    mfaEvidenceRef: `mfa-${randomUUID()}`,
  };
}

export const ETH_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
export const ETH_ADDRESS_2 = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';

// Field lists from the SDL and the descriptors' REST bindings (helpers/sdl-fields.ts), never kept by hand.
export const CUSTOMER_FIELDS = selectionOf('PartnerCustomer');
/** The interface document's WalletBeneficiary table: exactly the REST body (§6); GraphQL selects them too. */
export const BENEFICIARY_FIELDS = selectionOf('WalletBeneficiary', restFieldsOf('cryptoWalletBeneficiary'));
/** The interface document's CryptoWithdrawal table: exactly the REST body (§6). */
export const WITHDRAWAL_FIELDS = selectionOf('CryptoWithdrawal', restFieldsOf('cryptoWithdrawal'));
/** Fields GraphQL has beyond the document's tables (GraphQL only). */
export const BENEFICIARY_GRAPHQL_EXTRA = selectionOf('WalletBeneficiary', graphqlOnlyFieldsOf('WalletBeneficiary', 'cryptoWalletBeneficiary'));
export const WITHDRAWAL_GRAPHQL_EXTRA = selectionOf('CryptoWithdrawal', graphqlOnlyFieldsOf('CryptoWithdrawal', 'cryptoWithdrawal'));
/** Every field of PartnerCryptoRefund, in schema order: REST renders them all (§9.4, §10.8). */
export const REFUND_FIELDS = selectionOf('PartnerCryptoRefund');
/** Every field of PartnerCryptoDeposit (§10.4); REST renders them all (§9.4). */
export const DEPOSIT_FIELDS = selectionOf('PartnerCryptoDeposit');

/** A partner with a route, a customer and (optionally) an active beneficiary, made through the API. */
export class Scenario {
  constructor(
    readonly server: TestServer,
    readonly client: Client,
    readonly routeCode: string,
  ) {}

  static async create(server: TestServer, route: Partial<RouteOptions> = {}): Promise<Scenario> {
    const client = await server.newClient();
    const routeCode = await server.newRoute(client, route);
    return new Scenario(server, client, routeCode);
  }

  async customer(externalRef = `ext-${randomUUID()}`): Promise<string> {
    const r = await this.server.gql(
      this.client,
      `mutation($input: CreateCustomerInput!) { createCustomer(input: $input) { customerId } }`,
      { input: { externalRef, type: 'INDIVIDUAL', displayName: 'Ada Lovelace' } },
    );
    if (r.status !== 200) throw new Error(`createCustomer failed: ${r.text}`);
    return r.body.data.createCustomer.customerId;
  }

  /** A customer an operator verified (`partnerctl customer verification-decide`): one the §12.4 gate lets through. */
  async verifiedCustomer(externalRef = `ext-${randomUUID()}`): Promise<string> {
    const customerId = await this.customer(externalRef);
    await this.server.operator((db) => verificationDecide(db, customerId, 'VERIFIED', undefined));
    return customerId;
  }

  beneficiaryInput(o: Record<string, unknown> = {}): Record<string, unknown> {
    return { ...beneficiaryBody(this.routeCode, ETH_ADDRESS), ...o };
  }

  async beneficiary(customerId: string, o: Record<string, unknown> = {}): Promise<Reply> {
    return this.server.request(this.client, 'POST', `/partner/v1/customers/${customerId}/crypto/wallet-beneficiaries`, {
      body: this.beneficiaryInput(o),
    });
  }

  withdrawalInput(customerId: string, walletBeneficiaryId: string, o: Record<string, unknown> = {}, ev: { authorizedAt?: Date } = {}) {
    const input: Record<string, unknown> = {
      routeCode: this.routeCode,
      walletBeneficiaryId,
      amountMinor: '1500000',
      currency: 'USDT',
      currencyScale: 6,
      clientReference: `wd-${randomUUID()}`,
      ...o,
    };
    input.operationAuthorization = evidenceFor('CRYPTO_WITHDRAWAL_CREATE', { customerId }, input, ev);
    return input;
  }

  async deposit(customerId: string, amountMinor = '1000000', fromAddress = ETH_ADDRESS_2): Promise<string> {
    const r = await this.server.gql(
      this.client,
      `mutation($customerId: UUID!, $input: SimulateCryptoDepositInput!) { simulateCryptoDeposit(customerId: $customerId, input: $input) { depositId } }`,
      // No txHash: the one generated from the depositId fits every chain (§10.4).
      { customerId, input: { routeCode: this.routeCode, amountMinor, fromAddress } },
    );
    if (r.status !== 200) throw new Error(`simulateCryptoDeposit failed: ${r.text}`);
    return r.body.data.simulateCryptoDeposit.depositId;
  }

  refundDraftInput(depositId: string, o: Record<string, unknown> = {}) {
    const input: Record<string, unknown> = { amountMinor: '250000', reason: 'Customer request', ...o };
    input.operationAuthorization = evidenceFor('CRYPTO_REFUND_CREATE', { depositId }, input);
    return input;
  }

  async refundDraft(depositId: string, o: Record<string, unknown> = {}): Promise<Reply> {
    return this.server.gql(
      this.client,
      `mutation($depositId: UUID!, $input: CreateCryptoRefundApprovalDraftInput!) { createCryptoRefundApprovalDraft(depositId: $depositId, input: $input) { ${REFUND_FIELDS} } }`,
      { depositId, input: this.refundDraftInput(depositId, o) },
    );
  }

  stepInput(operationType: string, refundId: string) {
    return { operationAuthorization: evidenceFor(operationType, { refundId }, {}) };
  }

  async submit(refundId: string): Promise<Reply> {
    return this.server.gql(
      this.client,
      `mutation($refundId: UUID!, $input: SubmitCryptoRefundInput!) { submitCryptoRefund(refundId: $refundId, input: $input) { ${REFUND_FIELDS} } }`,
      { refundId, input: this.stepInput('CRYPTO_REFUND_SUBMIT', refundId) },
    );
  }

  async confirmRest(refundId: string, o: RequestOptions = {}): Promise<Reply> {
    return this.server.request(this.client, 'POST', `/partner/v1/crypto/refunds/${refundId}/confirmation`, {
      body: this.stepInput('CRYPTO_REFUND_CONFIRM', refundId),
      ...o,
    });
  }
}
