// §17.4 GET /partner/v1/frontend/events/stream: a customer's events as Server-Sent Events. Routed by the
// pipeline like every signed call (§2 auth, rate limit) or a frontend session's (§17.6), and preflighted
// by browsers (§17.3); this reads the request's parameters and writes the frames, the LiveFeed
// (stream.ts, started by runtime.ts) does the rest. The one call it makes, `feed.prepare(owner, cursor)`,
// is the same whoever authenticated the request: a partner's backend (HMAC-signed, with `?customerId=`)
// or a frontend session (`ctx.session`, set by the bearer path of the pipeline).
import { callContext, httpRoutes, type HttpCall, type ReplyStream, type StreamOut, type SurfaceCall } from '../../core/http-route.js';
import { requireSessionCustomer } from '../../core/ownership.js';
import { FieldErrors, Problem } from '../../core/problem.js';
import { requireOwnCustomer } from '../customers/index.js';
import { feedPositionOf } from '../events/index.js';
import type runtime from './runtime.js';
import type { RunningOf } from '../../core/runtime.js';
import { STREAM_PATH, type LiveFeed, type PreparedStream, type SessionEnd, type StreamSink } from './stream.js';

export default httpRoutes<RunningOf<typeof runtime>>(({ running }) => [
  { path: STREAM_PATH, methods: ['GET'], access: 'signed', preflight: true, call: (call) => eventStreamCall(call, running.feed) },
]);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PARAMS = ['customerId', 'after'] as const;

/** The query: `customerId` and `after`, each at most once; any other parameter is a fault (as on every REST path). */
function queryOf(call: HttpCall, errors: FieldErrors): { customerId?: string; after?: string } {
  const at = call.url.indexOf('?');
  const out: Record<string, string> = {};
  for (const [name, value] of at < 0 ? [] : new URLSearchParams(call.url.slice(at + 1))) {
    if (!(PARAMS as readonly string[]).includes(name)) errors.add(`/${name}`, 'is not a parameter of this path');
    else if (name in out) errors.add(`/${name}`, 'may be given once');
    // §9.3: an empty value is the parameter absent.
    else if (value !== '') out[name] = value;
  }
  return out;
}

/** The position a cursor names, or its fault at `pointer`. */
function checkCursor(errors: FieldErrors, pointer: string, cursor: string | undefined, clientId: string): void {
  try {
    feedPositionOf(cursor, clientId);
  } catch (e) {
    if (!(e instanceof Problem)) throw e;
    errors.add(pointer, 'is not a cursor of this feed');
  }
}

/** The stream's call, signed or a session's. */
function eventStreamCall(call: HttpCall, feed: LiveFeed): SurfaceCall {
  return {
    execute: async (ctx) => {
      // §9.4 in the stream's words, as a REST GET says it.
      if (ctx.idempotencyKey !== undefined)
        throw new Problem('IDEMPOTENCY_SCOPE_INVALID', 'Idempotency-Key belongs on a POST: the stream changes nothing, so send it without the header.');
      const session = ctx.session;
      const errors = new FieldErrors();
      const query = queryOf(call, errors);
      if (query.customerId !== undefined && !UUID.test(query.customerId)) errors.add('/customerId', 'must be a UUID');
      else if (query.customerId === undefined && !session) errors.add('/customerId', 'is required: name the customer whose events to stream');
      // Start: Last-Event-ID wins over ?after=. A browser's EventSource reconnects to the URL it opened
      // (with its ?after=) and sends the id of the last event it got, which is the later position.
      const lastEventId = call.headers['last-event-id'] || undefined;
      checkCursor(errors, '/after', query.after, ctx.clientId);
      checkCursor(errors, '/Last-Event-ID', lastEventId, ctx.clientId);
      errors.throwIfAny();
      const { ctx: callCtx } = callContext(ctx);
      let customerId: string;
      if (session) {
        // F4: a session streams its own customer's events; naming another is 403.
        if (query.customerId !== undefined) requireSessionCustomer(callCtx, query.customerId.toLowerCase());
        customerId = session.customerId;
      } else {
        customerId = query.customerId!.toLowerCase();
        await requireOwnCustomer(ctx.services.db, callCtx, customerId);
      }
      const prepared = await feed.prepare(
        { clientId: ctx.clientId, customerId, ...(session ? { session: { sessionId: session.sessionId, expiresAt: session.expiresAt } } : {}) },
        lastEventId ?? query.after,
      );
      return {
        reply: {
          status: 200,
          // X-Accel-Buffering: a reverse proxy (nginx) would otherwise hold the events back in its buffer.
          headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-store', 'x-accel-buffering': 'no' },
          body: '',
          stream: serverSentEvents(prepared),
        },
      };
    },
    attempt: () => undefined,
    // §17.4: a session may open its customer's stream.
    sessionRefusal: () => undefined,
  };
}

/** The frames of §17.4 as text/event-stream (each line one field; JSON text never holds a line break). */
const sse = {
  event: (id: string, type: string, json: string) => `id: ${id}\nevent: ${type}\ndata: ${json}\n\n`,
  keepAlive: ': keep-alive\n\n',
  // No id: the browser's Last-Event-ID stays the last event's.
  sessionEnded: (reason: SessionEnd) => `event: session_ended\ndata: ${JSON.stringify({ reason })}\n\n`,
};

/** The stream's frames on the connection the server hands over. */
function serverSentEvents(prepared: PreparedStream): ReplyStream {
  return {
    start(out: StreamOut) {
      const sink: StreamSink = {
        event: (id, type, json) => out.write(sse.event(id, type, json)),
        keepAlive: () => out.write(sse.keepAlive),
        end: (reason) => {
          if (reason) out.write(sse.sessionEnded(reason));
          return out.end();
        },
      };
      const handle = prepared.start(sink);
      out.onDrain(() => handle.drained());
      out.onClose(() => handle.closed());
    },
    cancel: () => prepared.cancel(),
  };
}
