// Webhook receivers on loopback ports (node:http) that answer as a test says, record what they got, and
// verify every request as a receiver would, with the `standardwebhooks` package (§11.6); plus endpoints
// written straight into a TestServer's database with a secret sealed as the service seals them.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes, randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import type { SecretBox } from '../../src/core/secret-box.js';
import type { TestServer } from './harness.js';
import type { TestDb } from './test-db.js';

/** What a receiver does with a request: answer `status` (after `delayMs`), reset the connection, or never answer. */
export type Behaviour = { status: number; delayMs?: number; body?: string; headers?: Record<string, string> } | 'reset' | 'hang';

export type Received = {
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The parsed body (a feed item). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  event: any;
  /** Real time of arrival. */
  at: number;
  /** Whether `standardwebhooks` accepted it with the receiver's secrets (any of them). */
  verified: boolean;
};

export class Receiver {
  readonly received: Received[] = [];
  /** Requests being answered right now, and the most at once. */
  open = 0;
  maxOpen = 0;
  private readonly hanging = new Set<http.ServerResponse>();
  secrets: string[] = [];
  /** The server's clock, so a timestamp is checked against the time the service sent it at. */
  clock: () => Date = () => new Date();

  private constructor(
    private readonly server: http.Server,
    public behave: (r: Received, n: number) => Behaviour,
  ) {}

  static async start(behave: (r: Received, n: number) => Behaviour = () => ({ status: 204 })): Promise<Receiver> {
    const server = http.createServer();
    const receiver = new Receiver(server, behave);
    server.on('request', (req, res) => receiver.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks`;
  }

  /** Deliveries by webhook-id, in arrival order. */
  get ids(): string[] {
    return this.received.map((r) => r.headers['webhook-id'] as string);
  }

  /** Whether `standardwebhooks` accepts the request with any of `secrets` (the clock as the server's). */
  verify(body: string, headers: http.IncomingHttpHeaders): boolean {
    // The library checks the timestamp against Date.now(); the service's clock may be ahead of real time.
    const realNow = Date.now;
    const offset = this.clock().getTime() - realNow();
    Date.now = () => realNow() + offset;
    try {
      return this.secrets.some((s) => {
        try {
          new Webhook(s).verify(body, headers as Record<string, string>);
          return true;
        } catch {
          return false;
        }
      });
    } finally {
      Date.now = realNow;
    }
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const chunks: Buffer[] = [];
    this.open += 1;
    this.maxOpen = Math.max(this.maxOpen, this.open);
    res.on('close', () => (this.open -= 1));
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const r: Received = { headers: req.headers, body, event: JSON.parse(body), at: Date.now(), verified: this.verify(body, req.headers) };
      this.received.push(r);
      const b = this.behave(r, this.received.length);
      if (b === 'reset') {
        req.socket.destroy();
        return;
      }
      if (b === 'hang') {
        this.hanging.add(res);
        return;
      }
      const answer = () => {
        res.writeHead(b.status, b.headers);
        res.end(b.body ?? '');
      };
      if (b.delayMs) setTimeout(answer, b.delayMs);
      else answer();
    });
  }

  async close(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }
}

/** A `whsec_` secret as §11.4 makes them. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

export type EndpointOptions = { types?: string[]; status?: 'ENABLED' | 'DISABLED'; secrets?: { secret: string; expiresAt?: string | null; createdAt?: string }[] };

/**
 * An endpoint of `clientId` written into the server's database, its secrets sealed with the server's key
 * (associated data `webhook:<endpointId>`). Returns the endpoint id and its primary secret.
 */
export function insertEndpoint(server: TestServer, clientId: string, url: string, o: EndpointOptions = {}): Promise<{ endpointId: string; secret: string }> {
  return insertEndpointInto(server.db, server.config.secretBox, clientId, url, { now: server.clock.now(), ...o });
}

/** The same on any database (a spawned server's): `box` must be the key that server opens secrets with. */
export async function insertEndpointInto(
  db: TestDb,
  box: SecretBox,
  clientId: string,
  url: string,
  o: EndpointOptions & { now?: Date } = {},
): Promise<{ endpointId: string; secret: string }> {
  const endpointId = randomUUID();
  const now = (o.now ?? new Date()).toISOString();
  await db.run(
    `INSERT INTO webhook_endpoints (endpoint_id, client_id, url, description, types, status, created_at, updated_at, disabled_at) VALUES (?, ?, ?, NULL, ?, ?, ?, ?, NULL)`,
    endpointId,
    clientId,
    url,
    JSON.stringify(o.types ?? []),
    o.status ?? 'ENABLED',
    now,
    now,
  );
  const secrets = o.secrets ?? [{ secret: newWebhookSecret() }];
  for (const s of secrets)
    await db.run(
      `INSERT INTO webhook_secrets (endpoint_id, secret, created_at, expires_at) VALUES (?, ?, ?, ?)`,
      endpointId,
      box.seal(`webhook:${endpointId}`, s.secret),
      s.createdAt ?? now,
      s.expiresAt ?? null,
    );
  return { endpointId, secret: secrets[0]!.secret };
}

export type DeliveryRow = {
  delivery_id: string;
  event_id: string;
  event_type: string;
  resource_id: string;
  sequence: number;
  status: string;
  attempt_count: number;
  next_attempt_at: string | null;
  settled_at: string | null;
  event_created_at: string;
};

export async function deliveriesOf(server: TestServer, endpointId: string): Promise<DeliveryRow[]> {
  return server.db.all<DeliveryRow>(
    `SELECT delivery_id, event_id, event_type, resource_id, sequence, status, attempt_count, next_attempt_at, settled_at, event_created_at FROM webhook_deliveries WHERE endpoint_id = ? ORDER BY event_position`,
    endpointId,
  );
}

export type AttemptRow = { attempt_number: number; started_at: string; duration_ms: number; response_status: number | null; error: string | null };

export async function attemptsOf(server: TestServer, deliveryId: string): Promise<AttemptRow[]> {
  return server.db.all<AttemptRow>(
    `SELECT attempt_number, started_at, duration_ms, response_status, error FROM webhook_attempts WHERE delivery_id = ? ORDER BY attempt_number`,
    deliveryId,
  );
}

/**
 * Gives a TestServer the webhook settings the test needs (§11.9) before it starts, whether or not its
 * configuration parses them from the environment yet.
 */
export function withWebhookSettings(server: TestServer, s: Partial<Record<'webhookTimeoutMs' | 'webhookRetryBaseMs' | 'webhookRetryMaxDelayMs' | 'webhookMaxAgeSeconds' | 'webhookMaxInFlightPerEndpoint', number>>): TestServer {
  Object.assign(server.config, s);
  return server;
}
