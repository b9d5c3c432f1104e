// §8 development signing proxy: POST /dev/graphql signs an unsigned GraphQL request as a partner
// client (default: the demo client) and runs it through the normal /graphql path, so auth still runs.
import { randomBytes, randomUUID } from 'node:crypto';
import { Kind, parse } from 'graphql';
import type { SecretBox } from '../core/secret-box.js';
import type { Exec } from '../db/exec.js';
import { Problem } from '../core/problem.js';
import { clientCredentials } from './credentials.js';
import { QUERY_LIMITS } from '../graphql/limits.js';
import { signedHeaders } from './signature.js';
import type { HttpCall, HttpReply } from './types.js';

export const DEMO_CLIENT_ID = 'demo-partner';

function hasMutation(body: Buffer): boolean {
  try {
    const { query } = JSON.parse(body.toString('utf8')) as { query?: unknown };
    if (typeof query !== 'string') return false;
    return parse(query, { maxTokens: QUERY_LIMITS.maxTokens }).definitions.some(
      (d) => d.kind === Kind.OPERATION_DEFINITION && d.operation === 'mutation',
    );
  } catch {
    return false; // /graphql will answer the malformed request itself
  }
}

export class DevProxy {
  constructor(
    private readonly db: Exec,
    private readonly box: SecretBox,
    private readonly handle: (call: HttpCall) => Promise<HttpReply>,
  ) {}

  async forward(call: HttpCall, requestId: string): Promise<HttpReply> {
    const clientId = call.headers['x-partner-client-id'] || DEMO_CLIENT_ID;
    const secret = (await clientCredentials(this.db, this.box, clientId))?.secrets.at(-1);
    if (!secret) throw new Problem('AUTH_CLIENT_UNKNOWN', `The dev proxy has no secret for client "${clientId}".`);
    const query = call.url.includes('?') ? call.url.slice(call.url.indexOf('?')) : '';
    const path = `/graphql${query}`;
    let idempotencyKey = call.headers['idempotency-key'];
    if (idempotencyKey === undefined && call.method === 'POST' && hasMutation(call.body)) idempotencyKey = `dev-${randomUUID()}`;
    const headers = signedHeaders(secret, {
      method: call.method,
      path,
      clientId,
      idempotencyKey,
      body: call.body,
      nonce: randomBytes(16).toString('hex'),
    });
    return this.handle({
      method: call.method,
      url: path,
      headers: {
        'content-type': call.headers['content-type'],
        accept: call.headers.accept,
        'x-request-id': requestId,
        ...headers,
      },
      body: call.body,
      remoteAddress: call.remoteAddress,
    });
  }
}
