// §15.4 the hosted page, `GET /pay/{token}`: unsigned (§2 headers ignored), outside /partner/v1. The
// pipeline applies rules 1 and 2 from this entry (the limit per source address before the method, 405
// with Allow: GET, HEAD included, §16.9) and puts the headers below on every answer, refusals included;
// it logs and labels the path as its template, so the token never reaches a log line, a metric or the
// audit. This answers rules 3 and 4.
import { httpRoutes, json, type HttpCall, type HttpReply } from '../../core/http-route.js';
import { Problem } from '../../core/problem.js';
import type { Exec } from '../../db/exec.js';
import { findRoute } from '../routes/index.js';
import { wantsHtml } from './page/accept.js';
import { notFoundHtml, PAGE_CSP, pageHtml } from './page/html.js';
import { qrSvg } from './page/qr-svg.js';
import { pageViewOf } from './page/view.js';
import { findLinkWithCheckout } from './link-repository.js';
import { LINK_TOKEN_FORM, linkTokenHash } from './link-token.js';

export const PAGE_PATH = '/pay/:token';

/** §15.4: on every answer of the path. */
const PAGE_HEADERS = { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer', 'x-content-type-options': 'nosniff' };

export default httpRoutes(({ config, engine, clock }) => [
  {
    path: PAGE_PATH,
    methods: ['GET'],
    access: 'unsigned',
    // Rule 1: a bucket of capacity the limit, refilled at limit / 60 per second.
    perAddress: { rps: config.checkoutPageRateLimitPerMinute / 60, burst: config.checkoutPageRateLimitPerMinute },
    headers: PAGE_HEADERS,
    logTemplate: '/pay/{token}',
    answer: (call, { token }) => answerPage(engine.read, call, token!, clock()),
  },
]);

async function answerPage(db: Exec, call: HttpCall, token: string, now: Date): Promise<HttpReply> {
  const html = wantsHtml(call.headers.accept);
  const page = await pageOf(db, token, now);
  if (!page) {
    // Rule 3: one answer for every failure, whichever it was.
    if (html) return htmlReply(404, notFoundHtml());
    throw new Problem('NOT_FOUND', 'No payment page at this address.');
  }
  if (!html) return json(200, page.view);
  const qr = page.view.paymentUri === null ? undefined : await qrSvg(page.view.paymentUri);
  return htmlReply(200, pageHtml(page.view, { sandbox: page.sandbox, qr }));
}

/** Rule 3: a well-formed, known token whose link is before its expiresAt, on a checkout neither EXPIRED nor CLOSED. */
async function pageOf(db: Exec, token: string, now: Date) {
  if (!LINK_TOKEN_FORM.test(token)) return undefined;
  const found = await findLinkWithCheckout(db, linkTokenHash(token));
  if (!found) return undefined;
  const { link, checkout } = found;
  if (now.getTime() >= Date.parse(link.expiresAt) || checkout.status === 'EXPIRED' || checkout.status === 'CLOSED') return undefined;
  const route = await findRoute(db, checkout.routeCode, checkout.clientId);
  if (!route) return undefined;
  return { view: pageViewOf({ checkout, route, linkExpiresAt: link.expiresAt }), sandbox: route.rail === 'SANDBOX' };
}

function htmlReply(status: number, body: string): HttpReply {
  return { status, headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': PAGE_CSP }, body };
}
