// A partner's backend for the frontend example (§17): it serves the page on its own origin, hands the
// page a read-only session for its customer (createFrontendSession, signed with the partner's secret,
// which never reaches the browser) and serves FrontendClient to the browser as JavaScript, transpiled
// from src/client/ when asked (esbuild, which tsx brings): no build step. Two demo actions move money
// through the signed API, as examples/withdrawal.ts does, so the page has something to show live.
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { transform } from 'esbuild';
import { PartnerApiError, PartnerClient, type Authorizer } from '../../src/client/index.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const CLIENT_SRC = path.resolve(HERE, '..', '..', 'src', 'client');

/** The page's own files, and the client modules the browser may load (the ones FrontendClient imports). */
const PAGE = new Map<string, [file: string, type: string]>([
  ['/', ['index.html', 'text/html; charset=utf-8']],
  ['/app.js', ['app.js', 'text/javascript; charset=utf-8']],
  ['/style.css', ['style.css', 'text/css; charset=utf-8']],
]);
const CLIENT_MODULES = new Set(['frontend-client', 'sse', 'problem']);

export type BackendOptions = {
  /** The partner API, e.g. http://127.0.0.1:4000. */
  baseUrl: string;
  clientId: string;
  secret: string;
  routeCode?: string;
  /** The customer whose page this is; absent: a new demo customer. */
  customerId?: string;
  /** Where the page is served (default 127.0.0.1:5173; port 0: any free port). */
  host?: string;
  port?: number;
  /** The host name of the page's origin as the browser opens it (default localhost): the origin an operator registers. */
  publicHost?: string;
  /** The clock of signed timestamps and evidence (tests pass the server's). */
  now?: () => Date;
};

export type RunningBackend = {
  /** The page's origin, e.g. http://localhost:5173: what createFrontendSession names and an operator registers. */
  origin: string;
  customerId: string;
  close(): Promise<void>;
};

/** §5: the partner's user who approves the demo's money movements. */
const approver = (): Authorizer => ({ authorizedByPartnerUserRef: 'frontend-demo', authorizationMethod: 'PASSKEY', mfaEvidenceRef: `mfa-${randomUUID()}` });

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.detail ?? status));
  }
}

export async function startBackend(o: BackendOptions): Promise<RunningBackend> {
  const api = new PartnerClient({ baseUrl: o.baseUrl, clientId: o.clientId, secret: o.secret, now: o.now });
  const routeCode = o.routeCode ?? 'USDT-ETH';
  const customerId =
    o.customerId ??
    (
      await api.execute<{ createCustomer: { customerId: string } }>(
        `mutation($input: CreateCustomerInput!) { createCustomer(input: $input) { customerId } }`,
        { input: { externalRef: `frontend-example-${randomUUID()}`, type: 'INDIVIDUAL', displayName: 'Frontend Example' } },
      )
    ).createCustomer.customerId;
  let origin = '';
  let beneficiary: Promise<string> | undefined;

  const actions: Record<string, (body: Record<string, unknown>) => Promise<unknown>> = {
    // §17.1: a session for this customer and the page's origin; the token goes to the page only.
    '/session': async () => {
      const { createFrontendSession: s } = await api.execute<{ createFrontendSession: { sessionId: string; token: string; expiresAt: string } }>(
        `mutation($customerId: UUID!, $input: CreateFrontendSessionInput!) {
           createFrontendSession(customerId: $customerId, input: $input) { sessionId token expiresAt }
         }`,
        { customerId, input: { origin } },
      );
      return { baseUrl: o.baseUrl, customerId, sessionId: s.sessionId, token: s.token, expiresAt: s.expiresAt };
    },
    // §10.4: a sandbox deposit into the customer's wallet.
    '/demo/deposit': async (body) => {
      const { simulateCryptoDeposit } = await api.execute<{ simulateCryptoDeposit: Record<string, unknown> }>(
        `mutation($customerId: UUID!, $input: SimulateCryptoDepositInput!) {
           simulateCryptoDeposit(customerId: $customerId, input: $input) { depositId status amountMinor currency }
         }`,
        { customerId, input: { routeCode, amountMinor: amountOf(body, '25000000'), fromAddress: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359' } },
      );
      return simulateCryptoDeposit;
    },
    // §10.9, §10.5, §10.6: a wallet beneficiary (once), a quote, the draft with evidence, its submission.
    '/demo/withdrawal': async (body) => {
      beneficiary ??= newBeneficiary(api, customerId, routeCode).catch((e: unknown) => {
        beneficiary = undefined;
        throw e;
      });
      const walletBeneficiaryId = await beneficiary;
      const ask = { routeCode, amountMinor: amountOf(body, '5000000'), currency: 'USDT', currencyScale: 6 };
      const { createCryptoWithdrawalQuote: quote } = await api.execute<{ createCryptoWithdrawalQuote: { quoteId: string } }>(
        `mutation($customerId: UUID!, $input: CreateCryptoWithdrawalQuoteInput!) { createCryptoWithdrawalQuote(customerId: $customerId, input: $input) { quoteId } }`,
        { customerId, input: ask },
      );
      const draft = await api.createWithdrawalDraft(customerId, { ...ask, walletBeneficiaryId, quoteId: quote.quoteId }, approver());
      const submitted = await api.submitWithdrawal(draft.withdrawalId, approver());
      return { withdrawalId: submitted.withdrawalId, status: submitted.status, amountMinor: submitted.amountMinor, feeAmountMinor: submitted.feeAmountMinor };
    },
  };

  const server = http.createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      const err = e instanceof HttpError ? e : e instanceof PartnerApiError ? apiError(e, origin, o.clientId) : new HttpError(500, { detail: 'backend error' });
      if (!(e instanceof HttpError) && !(e instanceof PartnerApiError)) console.error(e);
      send(res, err.status, 'application/json', JSON.stringify(err.body));
    });
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const pathname = new URL(req.url ?? '/', 'http://backend').pathname;
    const action = actions[pathname];
    if (action) {
      if (req.method !== 'POST') throw new HttpError(405, { detail: 'POST only' });
      // Only this page (or a tool without an Origin, as curl) may ask: another site cannot use the partner's credentials.
      if (req.headers.origin !== undefined && req.headers.origin !== origin) throw new HttpError(403, { detail: 'another origin' });
      const result = await action(await jsonBody(req));
      return send(res, 200, 'application/json', JSON.stringify(result));
    }
    if (req.method !== 'GET') throw new HttpError(405, { detail: 'GET only' });
    const page = PAGE.get(pathname);
    if (page) {
      const [file, type] = page;
      const headers: Record<string, string> = pathname === '/' ? { 'content-security-policy': policy(new URL(o.baseUrl).origin) } : {};
      return send(res, 200, type, await fs.readFile(path.join(HERE, file)), headers);
    }
    const module = /^\/client\/([a-z-]+)\.js$/.exec(pathname)?.[1];
    if (module && CLIENT_MODULES.has(module)) {
      const file = path.join(CLIENT_SRC, `${module}.ts`);
      const js = await transform(await fs.readFile(file, 'utf8'), { loader: 'ts', format: 'esm', target: 'es2022', sourcefile: file, sourcemap: 'inline' });
      return send(res, 200, 'text/javascript; charset=utf-8', js.code);
    }
    throw new HttpError(404, { detail: 'not found' });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port ?? 5173, o.host ?? '127.0.0.1', resolve);
  });
  origin = `http://${o.publicHost ?? 'localhost'}:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    customerId,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function newBeneficiary(api: PartnerClient, customerId: string, routeCode: string): Promise<string> {
  const wallet = {
    routeCode,
    label: 'Example wallet',
    blockchain: 'ETH',
    walletAddress: `0x${randomBytes(20).toString('hex')}`,
    isOwner: true,
    walletType: 'PRIVATE_WALLET',
    ownerType: 'INDIVIDUAL',
  };
  const { createCryptoWalletBeneficiary } = await api.execute<{ createCryptoWalletBeneficiary: { walletBeneficiaryId: string } }>(
    `mutation($customerId: UUID!, $input: CreateCryptoWalletBeneficiaryInput!) {
       createCryptoWalletBeneficiary(customerId: $customerId, input: $input) { walletBeneficiaryId }
     }`,
    { customerId, input: wallet },
  );
  return createCryptoWalletBeneficiary.walletBeneficiaryId;
}

/** The page may talk to itself and to the API, nothing else (the browser enforces it). */
function policy(apiOrigin: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    `connect-src 'self' ${apiOrigin}`,
    "img-src 'self' data:",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** A refusal of the API as the page's answer: its status and code; ORIGIN_NOT_ALLOWED with what the operator runs (§17.3). */
function apiError(e: PartnerApiError, origin: string, clientId: string): HttpError {
  const body: Record<string, unknown> = { code: e.code, detail: e.problem.detail ?? e.message };
  if (e.code === 'ORIGIN_NOT_ALLOWED') body.hint = `register the page's origin: ${registerCommand(clientId, origin)}`;
  return new HttpError(e.status, body);
}

export const registerCommand = (clientId: string, origin: string) => `npx partnerctl client origin add --client-id ${clientId} --origin ${origin}`;

function amountOf(body: Record<string, unknown>, fallback: string): string {
  const v = body.amountMinor;
  if (v === undefined || v === '') return fallback;
  if (typeof v !== 'string' || !/^[1-9][0-9]{0,17}$/.test(v)) throw new HttpError(400, { detail: 'amountMinor: a positive integer string' });
  return v;
}

async function jsonBody(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  let text = '';
  for await (const chunk of req) {
    text += chunk;
    if (text.length > 4096) throw new HttpError(413, { detail: 'body too large' });
  }
  if (text.trim() === '') return {};
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body === 'object' && body !== null && !Array.isArray(body)) return body as Record<string, unknown>;
  } catch {
    // answered below
  }
  throw new HttpError(400, { detail: 'a JSON object, or nothing' });
}

function send(res: http.ServerResponse, status: number, type: string, body: string | Buffer, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', ...headers });
  res.end(body);
}
