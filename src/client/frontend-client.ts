// The client of a partner frontend (§17): a customer's browser holding a session's bearer token, which
// its partner's backend made with createFrontendSession (§17.1). It reads (§17.2) and follows the live
// stream (§17.4). It runs unchanged in browsers and in Node 20+: fetch, TextDecoder and AbortController
// only, no Node module and no dependency, so a page can load it as a plain ES module
// (examples/frontend/ serves it so).
import type { PartnerEvent } from './generated/types.js';
import { PartnerApiError, type ProblemBody } from './problem.js';
import { SseParser } from './sse.js';

export type FrontendClientOptions = {
  /** The API, e.g. https://api.example.com (no trailing path). */
  baseUrl: string;
  /** The session's token, `pfs_…` (§17.1 F2). */
  token: string;
  /**
   * Asks the partner's backend for a new session when the server answers 401 `AUTH_SESSION_INVALID`
   * (expired, revoked or unknown: §17.2 never says which); the refused call is made once more with the new token.
   */
  renew?: () => Promise<string>;
  fetch?: typeof fetch;
  /** Node only: the `Origin` a browser sends by itself (§17.2). Browsers set their own and ignore this. */
  origin?: string;
};

/** One event of the stream: `id` is the feed cursor after it (§17.4 F5), `type` its §11.2 type, `data` the event. */
export type StreamEvent<T = PartnerEvent> = { id: string; type: string; data: T };

export type StreamOptions = {
  /** Start after this feed cursor (an event's `id`, or a page's `endCursor`); absent: only new events (§17.4). */
  after?: string;
  onEvent: (event: StreamEvent) => void;
  /** The server ended the stream: `"expired"` or `"revoked"` (§17.4). The stream stops. */
  onEnd?: (reason: string) => void;
  /** The stream is open (again): for a connection indicator. */
  onOpen?: () => void;
  /** A failure: `retryInMs` is when the stream reconnects, or null when it stops (a refusal reconnecting cannot fix). */
  onError?: (error: Error, retryInMs: number | null) => void;
  /** Aborting stops the stream (and any wait before a reconnection). */
  signal?: AbortSignal;
  /** Reconnection delays: the first, doubled on each failure in a row up to the last (a `retry:` field replaces the first). */
  retry?: { initialMs?: number; maxMs?: number };
  /** A connection silent this long is taken for dead and reconnected (0: never). Default 45 s, three of §17.4's keep-alives. */
  idleTimeoutMs?: number;
};

/** How stream() ended; `lastEventId` is where a new stream would resume (`after`). */
export type StreamOutcome =
  | { kind: 'ended'; reason: string; lastEventId: string | undefined }
  | { kind: 'aborted'; lastEventId: string | undefined }
  | { kind: 'failed'; error: Error; lastEventId: string | undefined };

export type FrontendQueryValue = string | number | boolean | readonly string[] | null | undefined;

const STREAM_PATH = '/partner/v1/frontend/events/stream';
const DEFAULT_IDLE_MS = 45_000;

export class FrontendClient {
  private readonly baseUrl: string;
  private readonly fetchFn: typeof fetch;
  private currentToken: string;
  /** One renewal at a time: calls refused together wait for the same new session. */
  private renewing: Promise<string> | undefined;

  constructor(private readonly options: FrontendClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.currentToken = options.token;
    // A browser's fetch called as a method of another object throws "Illegal invocation".
    this.fetchFn = options.fetch ?? ((input, init) => fetch(input, init));
  }

  /** The token in use (it changes when `renew` gives a new one). */
  get token(): string {
    return this.currentToken;
  }

  /** Uses another session's token from now on (a stream picks it up when it next connects). */
  setToken(token: string): void {
    this.currentToken = token;
  }

  /** A GraphQL query at POST /graphql: its `data`, or PartnerApiError with the first error's code and status. */
  async query<T = Record<string, unknown>>(document: string, variables: Record<string, unknown> = {}): Promise<T> {
    return this.renewing401(async () => {
      const res = await this.fetchFn(`${this.baseUrl}/graphql`, {
        method: 'POST',
        headers: { ...this.headers(), 'content-type': 'application/json' },
        body: JSON.stringify({ query: document, variables }),
      });
      const body = bodyOf(await res.text());
      const errors = isObject(body) && Array.isArray(body.errors) ? (body.errors as { message?: string; extensions?: ProblemBody }[]) : [];
      if (errors.length === 0 && res.ok && isObject(body) && isObject(body.data)) return body.data as T;
      if (errors.length === 0) throw problemError(res, body);
      const ext = errors[0]!.extensions ?? {};
      throw new PartnerApiError(ext.status ?? res.status, ext.code ?? 'UNKNOWN', { ...ext, detail: errors[0]!.message }, res.headers.get('x-request-id'));
    });
  }

  /** A REST GET under /partner/v1 (§17.2): the body of a 2xx, or PartnerApiError with the problem. Lists in `query` are comma-joined (§9.3). */
  async get<T = Record<string, unknown>>(path: string, query?: Record<string, FrontendQueryValue>): Promise<T> {
    return this.renewing401(async () => {
      const res = await this.fetchFn(`${this.baseUrl}${path}${queryOf(query)}`, { method: 'GET', headers: this.headers() });
      const body = bodyOf(await res.text());
      if (res.ok) return body as T;
      throw problemError(res, body);
    });
  }

  /**
   * The customer's live events (§17.4), read over fetch because EventSource cannot send Authorization.
   * A dropped connection, a silent one, a 5xx or a 429 reconnects after a bounded backoff with
   * `Last-Event-ID`, so nothing is lost or repeated (F5); `session_ended`, an abort or another refusal
   * stops it. Resolves (never rejects) with how it stopped.
   */
  async stream(o: StreamOptions): Promise<StreamOutcome> {
    const initialMs = o.retry?.initialMs ?? 1000;
    const maxMs = Math.max(o.retry?.maxMs ?? 30_000, initialMs);
    const idleMs = o.idleTimeoutMs ?? DEFAULT_IDLE_MS;
    const state = { lastEventId: o.after ?? '', firstDelayMs: initialMs };
    const outcomeId = () => (state.lastEventId === '' ? undefined : state.lastEventId);
    let failures = 0;
    let renewedFor: string | undefined;
    for (;;) {
      if (o.signal?.aborted) return { kind: 'aborted', lastEventId: outcomeId() };
      const attempt = await this.connect(o, state, idleMs);
      if (attempt.kind === 'ended') {
        o.onEnd?.(attempt.reason);
        return { kind: 'ended', reason: attempt.reason, lastEventId: outcomeId() };
      }
      if (o.signal?.aborted) return { kind: 'aborted', lastEventId: outcomeId() };
      if (attempt.kind === 'opened') {
        failures = 0;
        renewedFor = undefined;
      }
      const error = attempt.error;
      // 401: a new session, once per token (a new token refused at once is not renewed again).
      if (error instanceof PartnerApiError && error.code === 'AUTH_SESSION_INVALID' && this.options.renew && renewedFor !== this.currentToken) {
        renewedFor = this.currentToken;
        try {
          await this.renewToken(renewedFor);
          renewedFor = this.currentToken;
          continue;
        } catch (e) {
          const failure = e instanceof Error ? e : new Error(String(e));
          o.onError?.(failure, null);
          return { kind: 'failed', error: failure, lastEventId: outcomeId() };
        }
      }
      if (!attempt.retry) {
        o.onError?.(error, null);
        return { kind: 'failed', error, lastEventId: outcomeId() };
      }
      const backoff = Math.min(maxMs, state.firstDelayMs * 2 ** Math.min(failures, 30));
      failures += 1;
      // Half fixed, half random: processes that lost the same server do not all come back at once.
      const delay = Math.max(Math.round(backoff / 2 + (Math.random() * backoff) / 2), attempt.retryAfterMs ?? 0);
      o.onError?.(error, delay);
      if (await pause(delay, o.signal)) return { kind: 'aborted', lastEventId: outcomeId() };
    }
  }

  /** One connection, read until it ends. */
  private async connect(
    o: StreamOptions,
    state: { lastEventId: string; firstDelayMs: number },
    idleMs: number,
  ): Promise<{ kind: 'ended'; reason: string } | { kind: 'opened' | 'refused'; error: Error; retry: boolean; retryAfterMs?: number }> {
    const connection = new AbortController();
    const abort = () => connection.abort();
    o.signal?.addEventListener('abort', abort, { once: true });
    let idle: ReturnType<typeof setTimeout> | undefined;
    const watch = () => {
      if (idleMs <= 0) return;
      clearTimeout(idle);
      idle = setTimeout(abort, idleMs);
    };
    let opened = false;
    try {
      const headers: Record<string, string> = { ...this.headers(), accept: 'text/event-stream' };
      if (state.lastEventId !== '') headers['last-event-id'] = state.lastEventId;
      watch();
      const res = await this.fetchFn(`${this.baseUrl}${STREAM_PATH}`, { method: 'GET', headers, signal: connection.signal });
      if (!res.ok) {
        const error = problemError(res, bodyOf(await res.text()));
        const retryAfterMs = /^[0-9]+$/.test(res.headers.get('retry-after') ?? '') ? Number(res.headers.get('retry-after')) * 1000 : undefined;
        return { kind: 'refused', error, retry: res.status === 429 || res.status >= 500, retryAfterMs };
      }
      if (!(res.headers.get('content-type') ?? '').startsWith('text/event-stream') || !res.body) {
        return { kind: 'refused', error: new Error(`${STREAM_PATH} answered ${res.headers.get('content-type') ?? 'no content type'}, not an event stream`), retry: false };
      }
      opened = true;
      o.onOpen?.();
      let ended: string | undefined;
      let broken: Error | undefined;
      const parser = new SseParser(
        {
          message: (m) => {
            if (ended !== undefined || broken) return;
            let data: unknown;
            try {
              data = JSON.parse(m.data);
            } catch {
              broken = new Error(`the stream sent an event whose data is not JSON (${m.type})`);
              return;
            }
            // §17.4: the last message, without an id.
            if (m.type === 'session_ended') {
              ended = isObject(data) && typeof data.reason === 'string' ? data.reason : 'ended';
              return;
            }
            state.lastEventId = m.lastEventId;
            deliver(o.onEvent, { id: m.lastEventId, type: m.type, data: data as PartnerEvent });
          },
          retry: (ms) => {
            state.firstDelayMs = ms;
          },
        },
        state.lastEventId,
      );
      const reader = res.body.getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        watch();
        parser.push(value);
        if (ended === undefined && !broken) state.lastEventId = parser.lastEventId;
        if (ended !== undefined || broken) {
          await reader.cancel().catch(() => undefined);
          break;
        }
      }
      parser.end();
      if (ended !== undefined) return { kind: 'ended', reason: ended };
      if (broken) return { kind: 'refused', error: broken, retry: false };
      return { kind: 'opened', error: new Error('the server closed the stream'), retry: true };
    } catch (e) {
      // fetch's network failure, a reset connection, the idle watch or the caller's abort (stream() tells them apart).
      const error = e instanceof Error ? e : new Error(String(e));
      return { kind: opened ? 'opened' : 'refused', error, retry: true };
    } finally {
      clearTimeout(idle);
      o.signal?.removeEventListener('abort', abort);
    }
  }

  private headers(): Record<string, string> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.currentToken}` };
    if (this.options.origin) headers.origin = this.options.origin;
    return headers;
  }

  /** Runs `call`; on 401 AUTH_SESSION_INVALID, renews the session (or takes one renewed meanwhile) and runs it once more. */
  private async renewing401<T>(call: () => Promise<T>): Promise<T> {
    const used = this.currentToken;
    try {
      return await call();
    } catch (e) {
      if (!(e instanceof PartnerApiError) || e.code !== 'AUTH_SESSION_INVALID' || !this.options.renew) throw e;
      await this.renewToken(used);
      return call();
    }
  }

  /** A new token unless `refused` was already replaced; concurrent callers share one renewal. */
  private async renewToken(refused: string): Promise<void> {
    if (this.currentToken !== refused) return;
    this.renewing ??= this.options.renew!().finally(() => {
      this.renewing = undefined;
    });
    this.currentToken = await this.renewing;
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function bodyOf(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A refusal as PartnerApiError: a REST problem (§7), or the first GraphQL error's extensions. */
function problemError(res: Response, body: unknown): PartnerApiError {
  const requestId = res.headers.get('x-request-id');
  const first = isObject(body) && Array.isArray(body.errors) ? (body.errors[0] as { message?: string; extensions?: ProblemBody }) : undefined;
  if (first) {
    const ext = first.extensions ?? {};
    return new PartnerApiError(ext.status ?? res.status, ext.code ?? 'UNKNOWN', { ...ext, detail: first.message }, requestId);
  }
  const problem: ProblemBody = isObject(body) ? (body as ProblemBody) : { detail: typeof body === 'string' && body !== '' ? body : res.statusText };
  return new PartnerApiError(res.status, problem.code ?? 'UNKNOWN', problem, requestId);
}

function queryOf(query: Record<string, FrontendQueryValue> | undefined): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    params.append(name, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** The caller's handler; its exception is reported as uncaught (where a page's errors go) and the stream goes on. */
function deliver(onEvent: (event: StreamEvent) => void, event: StreamEvent): void {
  try {
    onEvent(event);
  } catch (e) {
    setTimeout(() => {
      throw e;
    });
  }
}

/** Waits `ms`; true when `signal` aborted first. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<boolean> {
  if (signal?.aborted) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (aborted: boolean) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      resolve(aborted);
    };
    const onAbort = () => done(true);
    const timer = setTimeout(() => done(false), ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
