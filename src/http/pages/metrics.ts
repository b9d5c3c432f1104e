// GET /metrics: Prometheus scrapes it (src/http/metrics.ts). Unsigned like /healthz, and like it meant
// for the operator's network: it holds counts and timings, never ids, secrets or partner data.
import type { Metrics } from '../metrics.js';
import type { Page } from './page.js';

export const metricsPage = (metrics: Metrics): Page => ({
  path: '/metrics',
  answer: async () => {
    const { contentType, body } = await metrics.text();
    return { status: 200, headers: { 'content-type': contentType, 'cache-control': 'no-store' }, body };
  },
});
