// §17.3 CORS for partner frontends: the preflight of the paths a session may read, and the headers that let
// a browser read the answers to its bearer requests (refusals included, §17.6). An origin qualifies when
// *some* partner client registered it; the session's own origin is checked by the pipeline (403). Signed
// requests never get these headers: they come from a backend, not a browser.
import type { Exec } from '../db/exec.js';
import { isRegisteredOrigin, normaliseOrigin } from '../modules/frontend/index.js';
import type { HttpReply } from './types.js';

/**
 * How long a process answers from what it read of an origin's registration. §17.6 gives an operator's
 * origin removal the §8 pickup of 5 s; a removal also revokes the origin's sessions, which the session
 * check sees within its own 500 ms.
 */
export const ORIGIN_CACHE_MS = 2_000;
const MAX_ENTRIES = 10_000;

const PREFLIGHT_HEADERS = {
  'access-control-allow-methods': 'GET, POST',
  'access-control-allow-headers': 'authorization, content-type, x-request-id, last-event-id',
  'access-control-max-age': '600',
};

/** Adds Origin to the reply's Vary, keeping what it varies on already. */
function varyOnOrigin(headers: Record<string, string>): void {
  const vary = headers.vary;
  if (!vary) headers.vary = 'Origin';
  else if (!vary.split(',').some((v) => v.trim().toLowerCase() === 'origin')) headers.vary = `${vary}, Origin`;
}

export class Cors {
  private readonly registered = new Map<string, { yes: boolean; readAtMs: number }>();

  constructor(
    private readonly db: Exec,
    private readonly production: boolean,
  ) {}

  /** The request's Origin, normalised (§17.3), when some client registered it; else undefined. */
  async registeredOrigin(header: string | undefined, nowMs: number): Promise<string | undefined> {
    if (header === undefined) return undefined;
    const checked = normaliseOrigin(header, this.production, { header: true });
    if (!('origin' in checked)) return undefined;
    const origin = checked.origin;
    const hit = this.registered.get(origin);
    if (hit && nowMs >= hit.readAtMs && nowMs - hit.readAtMs < ORIGIN_CACHE_MS) return hit.yes ? origin : undefined;
    const yes = await isRegisteredOrigin(this.db, origin);
    this.registered.delete(origin);
    if (this.registered.size >= MAX_ENTRIES) this.registered.delete(this.registered.keys().next().value!);
    this.registered.set(origin, { yes, readAtMs: nowMs });
    return yes ? origin : undefined;
  }

  /**
   * §17.3 the preflight: 204, with the allowed methods and headers for a registered origin, and without
   * any Access-Control-* header for another or none (the browser then refuses the request itself). Both
   * vary on Origin, so a shared cache never hands one origin's answer to another.
   */
  async preflight(originHeader: string | undefined, nowMs: number): Promise<HttpReply> {
    const origin = await this.registeredOrigin(originHeader, nowMs);
    const headers: Record<string, string> = origin === undefined ? {} : { 'access-control-allow-origin': origin, ...PREFLIGHT_HEADERS };
    varyOnOrigin(headers);
    return { status: 204, headers, body: '' };
  }

  /** §17.6: the answer to a bearer request, readable by the page of a registered origin, whatever its status. */
  async expose(reply: HttpReply, originHeader: string | undefined, nowMs: number): Promise<void> {
    const origin = await this.registeredOrigin(originHeader, nowMs);
    if (origin === undefined) return;
    reply.headers['access-control-allow-origin'] = origin;
    // §17.3 (amended): the page reads the request id to quote and a 429's Retry-After.
    reply.headers['access-control-expose-headers'] = 'x-request-id, retry-after';
    varyOnOrigin(reply.headers);
  }
}
