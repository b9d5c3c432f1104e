// §11.5 D2 / §11.7 one webhook request: POST, no redirects followed, no proxy, one deadline from the
// lookup to the last byte, the response body read up to 64 KiB and discarded. In production the host is
// resolved once; if any address is refused nothing is sent, otherwise the connection goes to the checked
// address (a lookup that answers it, so no second resolution can point elsewhere).
import dns from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import net, { type LookupFunction } from 'node:net';
import { isRefusedAddress } from './ip-ranges.js';

export type AttemptError = 'TIMEOUT' | 'CONNECTION_FAILED' | 'DESTINATION_NOT_ALLOWED' | 'NON_2XX_RESPONSE';
export type AttemptOutcome = { responseStatus: number | null; error: AttemptError | null };

export type PostOptions = {
  timeoutMs: number;
  /** §11.7: check every resolved address, connect to the checked one. */
  production: boolean;
  /** Aborts the request (shutdown): resolves with `aborted`. */
  signal?: AbortSignal;
};

const MAX_BODY = 64 * 1024;

class Refused extends Error {}

/** The address to connect to, checked (production); undefined outside production (the agent resolves). */
async function destination(hostname: string): Promise<{ address: string; family: number }> {
  const host = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname.replace(/\.$/, '');
  const family = net.isIP(host);
  const addresses = family ? [{ address: host, family }] : await dns.lookup(host, { all: true, verbatim: true });
  if (addresses.length === 0 || addresses.some((a) => isRefusedAddress(a.address))) throw new Refused();
  return addresses[0]!;
}

/** A lookup that answers the checked address whatever it is asked (both callback shapes of net). */
function pinned(to: { address: string; family: number }): LookupFunction {
  return ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [to]);
    else callback(null, to.address, to.family);
  }) as unknown as LookupFunction;
}

export async function postWebhook(url: string, headers: Record<string, string>, body: string, o: PostOptions): Promise<AttemptOutcome & { aborted?: true }> {
  const target = new URL(url);
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), o.timeoutMs);
  const onAbort = () => deadline.abort();
  o.signal?.addEventListener('abort', onAbort);
  const outcome = (e: AttemptError, responseStatus: number | null = null): AttemptOutcome & { aborted?: true } =>
    o.signal?.aborted ? { responseStatus, error: e, aborted: true } : { responseStatus, error: deadline.signal.aborted ? 'TIMEOUT' : e };
  try {
    let lookup: LookupFunction | undefined;
    if (o.production) {
      try {
        const checked = await Promise.race([
          destination(target.hostname),
          new Promise<never>((_, reject) => deadline.signal.addEventListener('abort', () => reject(new Error('deadline')))),
        ]);
        lookup = pinned(checked);
      } catch (err) {
        if (err instanceof Refused) return { responseStatus: null, error: 'DESTINATION_NOT_ALLOWED' };
        return outcome('CONNECTION_FAILED');
      }
    }
    const payload = Buffer.from(body, 'utf8');
    const client = target.protocol === 'https:' ? https : http;
    return await new Promise((resolve) => {
      let status: number | null = null;
      const req = client.request(target, {
        method: 'POST',
        headers: { ...headers, 'content-length': String(payload.length) },
        // A connection of its own (no pooled socket resolved before), no proxy.
        agent: false,
        lookup,
        signal: deadline.signal,
      });
      req.on('response', (res) => {
        status = res.statusCode ?? null;
        let read = 0;
        const done = () => {
          resolve(status !== null && status >= 200 && status < 300 ? { responseStatus: status, error: null } : { responseStatus: status, error: 'NON_2XX_RESPONSE' });
          // Past 64 KiB the rest is not read: the connection is closed (the outcome is already decided).
          res.destroy();
        };
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read >= MAX_BODY) done();
        });
        res.on('end', done);
        res.on('error', () => resolve(outcome('CONNECTION_FAILED', status)));
        res.on('aborted', () => resolve(outcome('CONNECTION_FAILED', status)));
      });
      req.on('error', () => resolve(outcome('CONNECTION_FAILED', status)));
      req.end(payload);
    });
  } finally {
    clearTimeout(timer);
    o.signal?.removeEventListener('abort', onAbort);
  }
}
