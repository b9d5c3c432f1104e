// GET /metrics: Prometheus scrapes it (src/http/metrics.ts). It holds counts and timings, never ids,
// secrets or partner data, but it does show hot-wallet balances, volumes and halts: in production it
// answers only the scraper's `Authorization: Bearer <METRICS_TOKEN>` (lifecycle settled point 12), and any
// other request, or every request without a token configured, as an unknown path (404), so it tells a
// stranger nothing. Outside production it is open.
import { createHash, timingSafeEqual } from 'node:crypto';
import { Problem } from '../../core/problem.js';
import type { Metrics } from '../metrics.js';
import type { HttpCall } from '../types.js';
import type { Page } from './page.js';

const BEARER = /^bearer +([^ ]+) *$/i;

/** SHA-256 of each side, compared in constant time: neither the length nor a prefix of the token leaks. */
const sameSecret = (given: string, token: string): boolean =>
  timingSafeEqual(createHash('sha256').update(given).digest(), createHash('sha256').update(token).digest());

/** Whether a production request may read the metrics. */
function admitted(call: HttpCall, token: string | undefined): boolean {
  if (token === undefined) return false;
  const given = BEARER.exec(call.headers.authorization ?? '')?.[1];
  return given !== undefined && sameSecret(given, token);
}

export const metricsPage = (metrics: Metrics, access: { production: boolean; token: string | undefined }): Page => ({
  path: '/metrics',
  answer: async (call, pathname) => {
    if (access.production && !admitted(call, access.token))
      throw new Problem('NOT_FOUND', `No resource at ${pathname}.`);
    const { contentType, body } = await metrics.text();
    return { status: 200, headers: { 'content-type': contentType, 'cache-control': 'no-store' }, body };
  },
});
