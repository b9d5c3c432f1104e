// §17.4 the live stream of a customer's events (F5). One LiveFeed per process serves every open stream:
//   - ONE poller reads the feed's head every FRONTEND_STREAM_POLL_MS, fetches what is new once (only the
//     events of customers with a stream, while there are few of them) and hands each event to the open
//     streams of its customer. It runs only while a stream is open.
//   - A stream that starts behind the poller (a cursor, or events committed while it opened) catches up
//     with reads of its own, far behind outside the poller's turn, the last stretch inside it: the poller
//     and the hand-over take turns, so between the last read and going live the poller dispatches nothing
//     (no gap, no repeat). Each stream keeps the position of the last event it sent and is never handed
//     one at or below it, so nothing is repeated or sent out of order.
//   - Back-pressure: a connection whose buffer is full (the sink says so) is paused: it gets nothing more,
//     and when it drains it catches up by reads from the last event it took. Its memory is bounded by the
//     socket's buffer, however slow the reader and however busy the feed.
//   - One timer sends every stream its keep-alive; another checks the sessions of the open streams (their
//     expiry on the clock, their revocation with one query per process) and renews this process's lease
//     on its stream slots.
// PostgreSQL: the head is the feed watermark (events/repository.ts), read by polling rather than LISTEN/
// NOTIFY: a NOTIFY takes a database-wide lock at commit, serialising every writing transaction's commit in
// every process, while a poll costs one round trip per process per interval whatever the write rate; and
// the watermark is still needed to know which positions are settled.
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import { Problem } from '../../core/problem.js';
import type { EngineWriter } from '../../db/engine-types.js';
import type { Exec } from '../../db/exec.js';
import { renderAs } from '../../graphql/render.js';
import { eventView, feedBetween, feedCursor, feedHead, feedPositionOf, type EventRow } from '../events/index.js';
import { claimStreamSlot, endedSessions, releaseProcessStreams, releaseStreamSlot, renewStreamLease } from './repository.js';

/** §17.4 the stream's path (its route: http.ts). */
export const STREAM_PATH = '/partner/v1/frontend/events/stream';

/** Events per read, of the poller and of a catch-up. */
export const FEED_PAGE = 500;
/** Up to this many customers with a live stream, the poller reads only their events; past it, the whole feed. */
const FILTER_CUSTOMERS = 200;
/** A process's lease on its stream slots: a crashed process's slots are free again this long after its last renewal. */
const LEASE_MS = 10_000;
const RENEW_MS = 2_000;

/** §17.4 an event as one line of JSON: the item `events` answers, rendered through the schema like it. */
function eventJson(row: EventRow): string {
  return JSON.stringify(renderAs('PartnerEvent', eventView(row)));
}

export type SessionEnd = 'expired' | 'revoked';

/** Whose stream it is: the partner client and the customer whose feed it carries, and the frontend session it runs in, if any. */
export type StreamOwner = { clientId: string; customerId: string; session?: { sessionId: string; expiresAt: string } };

/** Where a stream's frames go; the HTTP layer writes them as Server-Sent Events. */
export interface StreamSink {
  /** One event of the feed. False when the connection's buffer is full: nothing more is written until it drains. */
  event(id: string, type: string, json: string): boolean;
  /** The keep-alive comment; false as for `event`. */
  keepAlive(): boolean;
  /** The end: `session_ended` first when the session ended. Resolves once the body is finished or the connection gone. */
  end(reason?: SessionEnd): Promise<void>;
}

/** What the connection reports back to its stream. */
export type StreamHandle = { drained(): void; closed(): void };

/** A stream admitted (its cursor read, its slot taken) whose answer is not sent yet. */
export type PreparedStream = {
  /** The head is sent: from now on the stream writes to `sink`. */
  start(sink: StreamSink): StreamHandle;
  /** The answer was never sent (replaced, or its connection gone first): gives back what it holds. */
  cancel(): void;
};

export type LiveFeedDeps = {
  db: Exec;
  writer: EngineWriter;
  config: Config;
  clock: () => Date;
  logger: Logger;
  /** Events per read (default FEED_PAGE); tests make it small to cross pages with few events. */
  pageSize?: number;
};

type Stream = {
  owner: StreamOwner;
  sink: StreamSink;
  /** The position of the last event sent, or where the stream started. */
  position: number;
  /** Handed the poller's events (caught up, and its connection not full). */
  live: boolean;
  /** Its connection was full: it waits for the drain. */
  paused: boolean;
  catching: boolean;
  /** A drain arrived while a catch-up was running: run another after it. */
  again: boolean;
  closed: boolean;
  slot: number | undefined;
};

export class LiveFeed {
  private readonly processId = randomUUID();
  private readonly byCustomer = new Map<string, Set<Stream>>();
  private count = 0;
  /** Slots of sessions' streams this process holds. */
  private slots = 0;
  private lastRenewMs = 0;
  /** Every event up to here has been handed to the live streams; undefined while no stream is open. */
  private position: number | undefined;
  /** The poller's turn: its ticks and the streams' hand-overs run one at a time, in order. */
  private turn: Promise<unknown> = Promise.resolve();
  private timers: NodeJS.Timeout[] = [];
  private polling = false;
  private checking = false;
  private stopped = false;
  private readonly page: number;

  constructor(private readonly deps: LiveFeedDeps) {
    this.page = deps.pageSize ?? FEED_PAGE;
  }

  /** Open streams of this process, and those paused on a full connection (tests, the benchmark). */
  stats(): { open: number; paused: number } {
    let paused = 0;
    for (const set of this.byCustomer.values()) for (const s of set) if (s.paused) paused += 1;
    return { open: this.count, paused };
  }

  /**
   * §17.4 admits a stream, whatever authenticated it (a partner's signature with `?customerId=`, or a
   * frontend session): its start (after `cursor`, a cursor of the partner's feed, else the feed's end now,
   * before the answer is sent) and, in a session, one of its FRONTEND_STREAMS_PER_SESSION slots (429
   * RATE_LIMITED when all are held, by any process). The customer is the caller's to have checked.
   */
  async prepare(owner: StreamOwner, cursor: string | undefined): Promise<PreparedStream> {
    const { db, writer, clock, config } = this.deps;
    const after = feedPositionOf(cursor, owner.clientId);
    let slot: number | undefined;
    if (owner.session) {
      const { sessionId } = owner.session;
      const now = clock();
      const limit = config.frontend.streamsPerSession;
      // The lease with the claim only when it is not kept already (the sessions' check renews it while this process holds slots).
      const renew = this.slots === 0 || now.getTime() - this.lastRenewMs >= RENEW_MS;
      const aliveUntil = renew ? new Date(now.getTime() + LEASE_MS).toISOString() : undefined;
      slot = await writer.run((x) => claimStreamSlot(x, { sessionId, limit, processId: this.processId, now: now.toISOString(), aliveUntil }));
      // No Retry-After: a slot frees when one of the session's streams closes, which no server can foresee.
      if (slot === undefined) throw new Problem('RATE_LIMITED', `At most ${limit} streams may be open at once in one frontend session.`);
      this.slots += 1;
      if (renew) this.lastRenewMs = now.getTime();
    }
    let start: number;
    try {
      start = after ?? (await feedHead(db));
    } catch (e) {
      if (slot !== undefined) this.release(owner, slot);
      throw e;
    }
    let settled = false;
    return {
      start: (sink) => {
        settled = true;
        return this.attach(owner, sink, start, slot);
      },
      cancel: () => {
        if (settled) return;
        settled = true;
        if (slot !== undefined) this.release(owner, slot);
      },
    };
  }

  /** Ends every stream (no `session_ended`: the server is stopping) and gives back this process's slots. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.stopTimers();
    const streams = [...this.byCustomer.values()].flatMap((set) => [...set]);
    await Promise.all(streams.map((s) => this.end(s)));
    await this.turn;
    await this.deps.writer.run((x) => releaseProcessStreams(x, this.processId)).catch((err: unknown) => this.deps.logger.error({ err }, 'could not release the stream slots'));
  }

  private attach(owner: StreamOwner, sink: StreamSink, position: number, slot: number | undefined): StreamHandle {
    const s: Stream = { owner, sink, position, live: false, paused: false, catching: false, again: false, closed: false, slot };
    let set = this.byCustomer.get(owner.customerId);
    if (!set) this.byCustomer.set(owner.customerId, (set = new Set()));
    set.add(s);
    this.count += 1;
    if (this.stopped) void this.end(s);
    else
      this.inTurn(() => this.startPolling()).then(
        () => this.catchUp(s),
        (err: unknown) => this.fail(s, err),
      );
    return { drained: () => this.catchUp(s), closed: () => this.close(s) };
  }

  /** Runs `work` in the poller's turn, after every tick and hand-over queued before it. */
  private inTurn<T>(work: () => Promise<T>): Promise<T> {
    const run = this.turn.then(work);
    this.turn = run.catch(() => undefined);
    return run;
  }

  /** In the turn: the first open stream starts the poller at the feed's end, and the timers. */
  private async startPolling(): Promise<void> {
    if (this.position !== undefined || this.stopped) return;
    this.position = await feedHead(this.deps.db);
    const { streamPollMs, streamKeepAliveMs, streamSessionCheckMs } = this.deps.config.frontend;
    this.timers = [setInterval(() => this.poll(), streamPollMs), setInterval(() => this.keepAlive(), streamKeepAliveMs), setInterval(() => void this.checkSessions(), streamSessionCheckMs)];
    for (const t of this.timers) t.unref();
  }

  private stopTimers(): void {
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
  }

  private poll(): void {
    if (this.polling) return;
    this.polling = true;
    this.inTurn(() => this.tick())
      .catch((err: unknown) => this.deps.logger.error({ err }, 'the live feed could not read the events'))
      .finally(() => (this.polling = false));
  }

  /** In the turn: every event up to the head, to the live streams of its customer. A failed read is read again at the next tick. */
  private async tick(): Promise<void> {
    if (this.position === undefined) return;
    const head = await feedHead(this.deps.db);
    if (head <= this.position) return;
    const live = [...this.byCustomer].filter(([, set]) => [...set].some((s) => s.live)).map(([customerId]) => customerId);
    if (live.length > 0) {
      const customers = live.length <= FILTER_CUSTOMERS ? live : undefined;
      for (let after = this.position; ; ) {
        const rows = await feedBetween(this.deps.db, { after, upTo: head, customers, limit: this.page });
        if (rows.length > 0) {
          // Nothing goes out before it is durable (SQLite syncs a batch after its commit).
          await this.deps.writer.untilDurable();
          this.dispatch(rows);
        }
        if (rows.length < this.page) break;
        after = rows[rows.length - 1]!.position;
      }
    }
    this.position = head;
  }

  private dispatch(rows: readonly EventRow[]): void {
    for (const row of rows) {
      const streams = this.byCustomer.get(row.customerId);
      if (!streams) continue;
      let json: string | undefined;
      for (const s of streams)
        if (s.live && s.owner.clientId === row.clientId && row.position > s.position) this.send(s, row, (json ??= eventJson(row)));
    }
  }

  /** Writes one event; a full connection leaves the poller's streams until it drains. */
  private send(s: Stream, row: EventRow, json: string): boolean {
    s.position = row.position;
    const room = s.sink.event(feedCursor(row.clientId, row.position), row.type, json);
    if (!room) this.pause(s);
    return room;
  }

  private pause(s: Stream): void {
    s.live = false;
    s.paused = true;
  }

  /** The stream's events after its position, up to the poller's, by reads; then live. Also the resume after a drain. */
  private async catchUp(s: Stream): Promise<void> {
    if (s.closed || s.live) return;
    if (s.catching) {
      s.again = true;
      return;
    }
    s.catching = true;
    s.paused = false;
    try {
      // Far behind: pages outside the turn, so one stream's backlog does not hold the poller up.
      for (;;) {
        const upTo = this.position;
        if (upTo === undefined || s.position >= upTo) break;
        const rows = await this.readFor(s, upTo);
        // Closed, or its connection full: a drain resumes it.
        if (!this.sendAll(s, rows)) return;
        if (rows.length < this.page) break;
      }
      // The rest, and going live, in the turn: the poller dispatches nothing in between.
      await this.inTurn(async () => {
        for (;;) {
          const upTo = this.position;
          if (s.closed || upTo === undefined) return;
          const rows = s.position < upTo ? await this.readFor(s, upTo) : [];
          if (!this.sendAll(s, rows)) return;
          if (rows.length < this.page) {
            s.live = true;
            return;
          }
        }
      });
    } catch (err) {
      this.fail(s, err);
    } finally {
      s.catching = false;
      if (s.again && !s.closed) {
        s.again = false;
        void this.catchUp(s);
      }
    }
  }

  private async readFor(s: Stream, upTo: number): Promise<EventRow[]> {
    const rows = await feedBetween(this.deps.db, { after: s.position, upTo, clientId: s.owner.clientId, customers: [s.owner.customerId], limit: this.page });
    if (rows.length > 0) await this.deps.writer.untilDurable();
    return rows;
  }

  /** False when the stream closed or its connection is full. */
  private sendAll(s: Stream, rows: readonly EventRow[]): boolean {
    for (const row of rows) if (s.closed || !this.send(s, row, eventJson(row))) return false;
    return !s.closed;
  }

  private keepAlive(): void {
    for (const set of this.byCustomer.values()) for (const s of set) if (s.live && !s.sink.keepAlive()) this.pause(s);
  }

  /** §17.4: a session's streams end at its expiresAt and within a check of its revocation; the slots' lease is renewed. */
  private async checkSessions(): Promise<void> {
    if (this.checking) return;
    this.checking = true;
    const { db, writer, clock, logger } = this.deps;
    try {
      const now = clock();
      const bySession = new Map<string, Stream[]>();
      for (const set of this.byCustomer.values())
        for (const s of set) {
          const session = s.owner.session;
          if (!session || s.closed) continue;
          if (now.getTime() >= Date.parse(session.expiresAt)) void this.end(s, 'expired');
          else bySession.set(session.sessionId, [...(bySession.get(session.sessionId) ?? []), s]);
        }
      if (bySession.size > 0)
        for (const ended of await endedSessions(db, [...bySession.keys()], now.toISOString()))
          for (const s of bySession.get(ended.sessionId) ?? []) void this.end(s, ended.reason);
      if (this.slots > 0 && now.getTime() - this.lastRenewMs >= RENEW_MS) {
        this.lastRenewMs = now.getTime();
        await writer.run((x) => renewStreamLease(x, this.processId, new Date(now.getTime() + LEASE_MS).toISOString()));
      }
    } catch (err) {
      logger.error({ err }, 'the live feed could not check the sessions of its streams');
    } finally {
      this.checking = false;
    }
  }

  private end(s: Stream, reason?: SessionEnd): Promise<void> {
    if (s.closed) return Promise.resolve();
    this.close(s);
    return s.sink.end(reason);
  }

  /** A read failed: the stream ends, and the client resumes from its last event. */
  private fail(s: Stream, err: unknown): void {
    this.deps.logger.error({ err }, 'a live stream failed');
    void this.end(s);
  }

  /** The stream is gone (ended, or its connection closed): it leaves, and gives its slot back. */
  private close(s: Stream): void {
    if (s.closed) return;
    s.closed = true;
    s.live = false;
    s.paused = false;
    const set = this.byCustomer.get(s.owner.customerId);
    set?.delete(s);
    if (set?.size === 0) this.byCustomer.delete(s.owner.customerId);
    this.count -= 1;
    // Stopping gives every slot back at once.
    if (s.slot !== undefined && !this.stopped) this.release(s.owner, s.slot);
    if (this.count === 0)
      void this.inTurn(async () => {
        if (this.count > 0) return;
        this.stopTimers();
        this.position = undefined;
      });
  }

  private release(owner: StreamOwner, slot: number): void {
    this.slots -= 1;
    const sessionId = owner.session!.sessionId;
    this.deps.writer
      .run((x) => releaseStreamSlot(x, { sessionId, slot, processId: this.processId }))
      .catch((err: unknown) => this.deps.logger.error({ err }, 'could not release a stream slot'));
  }
}
