// Frontend sessions (§17) for the suites: origins and sessions written through the module's repository on
// the server's own writer (as the session operations and partnerctl write them), and requests sent the way
// a browser sends them: `Authorization: Bearer <token>` and its page's `Origin`, never signed.
import { randomUUID } from 'node:crypto';
import { addOrigin, insertSession, newSessionToken, revokeSession, sessionTokenHash } from '../../src/modules/frontend/index.js';
import { toReply, type Reply, type TestServer } from './harness.js';

export type SessionOptions = {
  /** Lifetime from the server's clock (default 900 s, §17.5). */
  ttlSeconds?: number;
  /** Written already revoked (at the server's clock). */
  revoked?: boolean;
};

export type OpenSession = { sessionId: string; token: string; origin: string; customerId: string };

/** §17.3: registers `origin` for the client, as `partnerctl client origin add` does. */
export async function registerOrigin(server: TestServer, clientId: string, origin: string): Promise<void> {
  await server.service.engine.writer.run((tx) => addOrigin(tx, clientId, origin, server.clock.now().toISOString()));
}

/** §17.1: a session of `customerId` bound to `origin`, as createFrontendSession writes it: its token. */
export async function openSession(server: TestServer, clientId: string, customerId: string, origin: string, o: SessionOptions = {}): Promise<string> {
  return (await openSessionRecord(server, clientId, customerId, origin, o)).token;
}

/** openSession, with what the suites need beside the token: its id (to revoke it), origin and customer. */
export async function openSessionRecord(server: TestServer, clientId: string, customerId: string, origin: string, o: SessionOptions = {}): Promise<OpenSession> {
  const now = server.clock.now();
  const token = newSessionToken();
  const sessionId = randomUUID();
  await server.service.engine.writer.run((tx) =>
    insertSession(tx, {
      sessionId,
      clientId,
      customerId,
      origin,
      tokenHash: sessionTokenHash(token),
      expiresAt: new Date(now.getTime() + (o.ttlSeconds ?? 900) * 1000).toISOString(),
      revokedAt: o.revoked ? now.toISOString() : null,
      createdAt: now.toISOString(),
    }),
  );
  return { sessionId, token, origin, customerId };
}

/** §17.1: revokes the session at the server's clock, as revokeFrontendSession does. */
export async function revoke(server: TestServer, sessionId: string): Promise<void> {
  await server.service.engine.writer.run((tx) => revokeSession(tx, sessionId, server.clock.now().toISOString()));
}

export type BrowserOptions = {
  body?: unknown;
  /** The page's Origin (default: the session's); null sends none. */
  origin?: string | null;
  /** The whole Authorization header (default `Bearer <token>`). */
  authorization?: string;
  headers?: Record<string, string>;
};

/** A request as a browser page sends it with a session: bearer token, Origin, JSON body; no signature. */
export async function asBrowser(server: TestServer, session: Pick<OpenSession, 'token' | 'origin'>, method: string, path: string, o: BrowserOptions = {}): Promise<Reply> {
  const headers: Record<string, string> = { authorization: o.authorization ?? `Bearer ${session.token}` };
  const origin = o.origin === undefined ? session.origin : o.origin;
  if (origin !== null) headers.origin = origin;
  if (o.body !== undefined) headers['content-type'] = 'application/json';
  const body = o.body === undefined || method === 'GET' ? undefined : JSON.stringify(o.body);
  return toReply(await fetch(server.url + path, { method, headers: { ...headers, ...o.headers }, body }));
}

/** A GraphQL request of a browser page with a session. */
export function gqlAsBrowser(server: TestServer, session: Pick<OpenSession, 'token' | 'origin'>, query: string, variables?: Record<string, unknown>, o: Omit<BrowserOptions, 'body'> = {}): Promise<Reply> {
  return asBrowser(server, session, 'POST', '/graphql', { ...o, body: { query, variables } });
}
