// §18.3 EVM_LOG_RANGE_MAX: on catch-up the follower asks for the tokens' Transfer logs of many blocks in
// one eth_getLogs, at most this many blocks; a provider's refusal of the range or of the answer's size
// halves it (down to one block). Providers refuse in their own words, so the refusal is recognised by the
// JSON-RPC codes they use for it and by the words of their messages.
import { BaseError } from 'viem';

/** JSON-RPC codes providers answer a range or result-size limit with (limit exceeded, invalid params, server error). */
const RANGE_CODES = new Set([-32005, -32602, -32600, -32000, -32001, -32011]);
const RANGE_WORDS = /range|too many|too large|limit|exceed|size|10000|results|response/i;

/** Whether `err` is a provider refusing a log query for its range or the size of its answer. */
export function isRangeRefusal(err: unknown): boolean {
  if (!(err instanceof BaseError)) return false;
  const refusal = err.walk((e) => {
    const code = (e as { code?: unknown }).code;
    return typeof code === 'number' && RANGE_CODES.has(code);
  }) as BaseError | null;
  return refusal !== null && RANGE_WORDS.test(`${refusal.details ?? ''} ${refusal.shortMessage ?? ''}`);
}

/** Successful range queries after which a halved range is doubled again (never above the maximum). */
const GROW_AFTER = 16;

/** The number of blocks the next range query may cover. */
export class LogRange {
  private size: number;
  private successes = 0;

  constructor(private readonly max: number) {
    this.size = max;
  }

  get blocks(): number {
    return this.size;
  }

  /** A refusal of the range or size: half as many blocks next time. */
  refused(): number {
    this.successes = 0;
    this.size = Math.max(1, Math.floor(this.size / 2));
    return this.size;
  }

  /** A range answered: after a run of answers, a halved range grows back towards the maximum. */
  answered(): void {
    if (this.size === this.max) return;
    this.successes += 1;
    if (this.successes >= GROW_AFTER) {
      this.successes = 0;
      this.size = Math.min(this.max, this.size * 2);
    }
  }
}
