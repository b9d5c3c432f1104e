// PostgreSQL: a job's transaction seen through a gate that lets reads out at once and holds writes back
// until the job decides whether they may go (Exec.speculate, src/core/idempotency.ts). Work can then
// start while a statement that decides whether it counts is still in flight: its first reads ride in the
// same round trip, and nothing it would write reaches the database before the decision. Refused, its
// held writes and everything it sends afterwards fail without being sent.
import type pg from 'pg';

/** What may go out before the decision: a plain SELECT (no row locks), which changes nothing. */
const READ = /^\s*select\b/i;
const LOCKS = /\bfor\s+(update|no\s+key\s+update|share|key\s+share)\b/i;

function textOf(config: unknown): string {
  if (typeof config === 'string') return config;
  const text = (config as { text?: unknown } | null)?.text;
  return typeof text === 'string' ? text : '';
}

type Held = { send: () => Promise<unknown>; resolve: (value: unknown) => void; reject: (error: unknown) => void };

/** Thrown to work whose statements were refused; never an answer (the job ignores that work). */
export class StatementRefused extends Error {
  constructor() {
    super('statement not sent: the work it belongs to was set aside');
  }
}

/**
 * A connection's gate, the client a second query builder of that connection is made on. Open, it passes
 * every statement through; held, it passes plain reads until the first statement it holds, then holds
 * that one and every later one (their order is kept: a read after a write reads what it wrote); released,
 * it sends what it held, in order, and opens; refused, it fails them.
 */
export class HeldWritesClient {
  private state: 'open' | 'held' | 'refused' = 'open';
  private held: Held[] = [];

  constructor(private readonly client: pg.Client) {}

  hold(): void {
    this.state = 'held';
    this.held = [];
  }

  release(): void {
    if (this.state !== 'held') return;
    this.state = 'open';
    for (const h of this.drain()) h.send().then(h.resolve, h.reject);
  }

  refuse(): void {
    this.state = 'refused';
    for (const h of this.drain()) h.reject(new StatementRefused());
  }

  /** The one method drizzle's session calls (prepared statements and raw SQL alike). */
  query(config: unknown, values?: unknown): Promise<unknown> {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const send = () => (this.client.query as any)(config, values) as Promise<unknown>;
    if (this.state === 'open') return send();
    if (this.state === 'refused') return Promise.reject(new StatementRefused());
    const text = textOf(config);
    if (this.held.length === 0 && READ.test(text) && !LOCKS.test(text)) return send();
    return new Promise((resolve, reject) => this.held.push({ send, resolve, reject }));
  }

  private drain(): Held[] {
    const held = this.held;
    this.held = [];
    return held;
  }
}
