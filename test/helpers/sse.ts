// §17.4 the live stream read as a browser's EventSource reads it, over fetch: its frames as they arrive,
// and the feed (§11.3) it must equal, walked one event at a time through REST.
import { signedHeaders } from '../../src/http/signature.js';
import type { Client } from './harness.js';

export const STREAM_PATH = '/partner/v1/frontend/events/stream';

/** One frame: an event's fields, or a comment line (`: keep-alive`). */
export type Frame = { id?: string; event?: string; data?: string; comment?: string };

function parseFrame(text: string): Frame {
  const frame: Frame = {};
  for (const line of text.split('\n')) {
    if (line.startsWith(':')) frame.comment = line.slice(1).trimStart();
    else {
      const at = line.indexOf(':');
      const field = at < 0 ? line : line.slice(0, at);
      const value = at < 0 ? '' : line.slice(at + 1).replace(/^ /, '');
      if (field === 'id' || field === 'event' || field === 'data') frame[field] = value;
      else throw new Error(`unexpected line in a frame: ${JSON.stringify(line)}`);
    }
  }
  return frame;
}

/** An open stream: every frame received so far, whether its body ended cleanly or failed. */
export class SseStream {
  readonly frames: Frame[] = [];
  /** When each frame arrived (performance.now()), beside `frames`. */
  readonly arrivals: number[] = [];
  ended = false;
  failed: unknown = undefined;
  /** Text after the last complete frame (a frame cut short). */
  rest = '';
  private pumped: Promise<void> | undefined;

  /** `lazy`: the body is not read until `read()` (a reader that does not keep up). */
  constructor(
    readonly res: Response,
    private readonly abortController: AbortController,
    lazy = false,
  ) {
    if (!lazy) this.read();
  }

  /** Starts reading the body (once). */
  read(): void {
    this.pumped ??= this.pump();
  }

  /** The events (comments left out). */
  get events(): Frame[] {
    return this.frames.filter((f) => f.comment === undefined);
  }

  private async pump(): Promise<void> {
    const reader = this.res.body!.getReader();
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        this.rest += decoder.decode(value, { stream: true });
        for (let at = this.rest.indexOf('\n\n'); at >= 0; at = this.rest.indexOf('\n\n')) {
          this.frames.push(parseFrame(this.rest.slice(0, at)));
          this.arrivals.push(performance.now());
          this.rest = this.rest.slice(at + 2);
        }
      }
      this.ended = true;
    } catch (e) {
      this.failed = e;
    }
  }

  /** Waits (up to `ms`) until `cond` holds of the stream; the frames so far in the error otherwise. */
  async until(cond: (s: SseStream) => boolean, ms = 5_000): Promise<void> {
    const end = Date.now() + ms;
    while (!cond(this)) {
      if (Date.now() > end) throw new Error(`stream: condition not met within ${ms} ms; frames: ${JSON.stringify(this.frames)}`);
      await new Promise((r) => setTimeout(r, 5));
    }
  }

  /** Waits for at least `n` events. */
  untilEvents(n: number, ms?: number): Promise<void> {
    return this.until((s) => s.events.length >= n, ms);
  }

  /** Resolves once the body has ended (cleanly or not). */
  async finished(): Promise<void> {
    this.read();
    await this.pumped;
  }

  /** Drops the connection, as a browser tab closing. */
  async drop(): Promise<void> {
    this.abortController.abort();
    if (this.pumped) await this.pumped;
    else await this.res.body?.cancel().catch(() => undefined);
  }
}

/** GET of the stream signed as `client` (§2), at the server's clock; resolves once its head arrived. */
export async function openStream(
  server: { url: string; clock?: { now(): Date } },
  client: Client,
  pathAndQuery: string,
  headers: Record<string, string> = {},
  lazy = false,
): Promise<SseStream> {
  const signed = signedHeaders(client.secret, {
    method: 'GET',
    path: pathAndQuery,
    clientId: client.clientId,
    idempotencyKey: null,
    body: '',
    ...(server.clock ? { timestamp: server.clock.now().toISOString() } : {}),
  });
  const abort = new AbortController();
  const res = await fetch(server.url + pathAndQuery, { headers: { ...headers, ...signed }, signal: abort.signal });
  if (res.status !== 200) throw new Error(`stream answered ${res.status}: ${await res.text()}`);
  return new SseStream(res, abort, lazy);
}

/** GET of the stream as a browser page with a session sends it (§17.2): bearer token and Origin, unsigned. */
export async function openBrowserStream(
  server: { url: string },
  session: { token: string; origin: string },
  pathAndQuery: string,
  headers: Record<string, string> = {},
): Promise<SseStream> {
  const abort = new AbortController();
  const res = await fetch(server.url + pathAndQuery, {
    headers: { authorization: `Bearer ${session.token}`, origin: session.origin, ...headers },
    signal: abort.signal,
  });
  if (res.status !== 200) throw new Error(`stream answered ${res.status}: ${await res.text()}`);
  return new SseStream(res, abort);
}

/**
 * The customer's feed after `after` (§11.3, REST), one event per page, as the stream must send it: each
 * event's id is the cursor after it, its data the item's JSON.
 */
export async function feedFrames(
  get: (pathAndQuery: string) => Promise<{ status: number; body: { items: { type: string }[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } } }>,
  customerId: string,
  after?: string,
): Promise<Frame[]> {
  const frames: Frame[] = [];
  let cursor = after;
  for (;;) {
    const r = await get(`/partner/v1/events?customerId=${customerId}&limit=1${cursor ? `&cursor=${cursor}` : ''}`);
    if (r.status !== 200) throw new Error(`events answered ${r.status}`);
    const item = r.body.items[0];
    if (!item) return frames;
    cursor = r.body.pageInfo.endCursor!;
    frames.push({ id: cursor, event: item.type, data: JSON.stringify(item) });
    if (!r.body.pageInfo.hasNextPage) return frames;
  }
}
