// The customer's page (§17): it asks its partner's backend for a session, reads the customer's balances
// and withdrawals with the session's bearer token, and follows the live stream, reading the tables
// again when an event says they changed. Plain ES modules, no build step: the backend serves
// FrontendClient transpiled from src/client/frontend-client.ts.
import { FrontendClient } from '/client/frontend-client.js';

const $ = (id) => document.getElementById(id);
const MAX_EVENTS = 100;

/** A new session from the partner's backend: { baseUrl, customerId, token, expiresAt }. */
async function newSession() {
  const res = await fetch('/session', { method: 'POST' });
  const body = await res.json();
  if (!res.ok) throw new Error([body.code, body.detail, body.hint].filter(Boolean).join(': '));
  return body;
}

function showProblem(error) {
  const p = $('problem');
  p.hidden = !error;
  p.textContent = error ? (error.code ? `${error.status} ${error.code}: ${error.problem?.detail ?? error.message}` : error.message) : '';
}

/** Minor units as a decimal: "25000000" with scale 6 → "25.00" (at least two decimals, no float). */
function amount(minor, scale) {
  const digits = String(minor).padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale).replace(/0+$/, '').padEnd(Math.min(2, scale), '0');
  return fraction ? `${whole}.${fraction}` : whole;
}

const time = (iso) => new Date(iso).toLocaleTimeString();

function cell(row, text, className) {
  const td = row.insertCell();
  td.textContent = text;
  if (className) td.className = className;
  return td;
}

function fill(tableId, items, render) {
  const body = $(tableId).tBodies[0];
  body.replaceChildren();
  for (const item of items) render(body.insertRow(), item);
  document.querySelector(`.empty[data-for="${tableId}"]`).hidden = items.length > 0;
}

const BALANCES = `query($customerId: UUID!) {
  customerBalances(customerId: $customerId) { items { currency currencyScale availableMinor heldMinor totalMinor } }
}`;
const WITHDRAWALS = `query($customerId: UUID!) {
  cryptoWithdrawals(customerId: $customerId, first: 10) {
    items { withdrawalId status statusInfo amountMinor feeAmountMinor currency currencyScale createdAt }
  }
}`;
const CUSTOMER = `query($customerId: UUID!) { customer(customerId: $customerId) { displayName status } }`;

function renderBalances({ customerBalances }) {
  fill('balances', customerBalances.items, (row, b) => {
    row.dataset.currency = b.currency;
    cell(row, b.currency);
    cell(row, amount(b.availableMinor, b.currencyScale), 'num');
    cell(row, amount(b.heldMinor, b.currencyScale), 'num');
    cell(row, amount(b.totalMinor, b.currencyScale), 'num');
  });
}

function renderWithdrawals({ cryptoWithdrawals }) {
  fill('withdrawals', cryptoWithdrawals.items, (row, w) => {
    row.dataset.withdrawalId = w.withdrawalId;
    row.dataset.status = w.status;
    cell(row, time(w.createdAt));
    cell(row, `${amount(w.amountMinor, w.currencyScale)} ${w.currency}`, 'num');
    cell(row, amount(w.feeAmountMinor, w.currencyScale), 'num');
    cell(row, w.status, `status ${w.status.toLowerCase()}`).title = w.statusInfo;
    cell(row, w.withdrawalId.slice(0, 8), 'id').title = w.withdrawalId;
  });
}

/** One short line about an event's record (§11.1: `data` is the record after the change). */
function summary(e) {
  const r = e.data ?? {};
  const money = r.amountMinor !== undefined && r.currencyScale !== undefined ? `${amount(r.amountMinor, r.currencyScale)} ${r.currency}` : '';
  if (e.resourceType === 'TRANSACTION') return `${r.type} ${money}`;
  return [money, r.status ?? r.beneficiaryStatus, r.label].filter(Boolean).join(' · ');
}

function addEvent({ id, type, data }) {
  const li = document.createElement('li');
  li.dataset.type = type;
  li.dataset.id = id;
  const name = document.createElement('span');
  name.className = 'type';
  name.textContent = type;
  const what = document.createElement('span');
  what.className = 'summary';
  what.textContent = summary(data);
  const cursor = document.createElement('code');
  cursor.className = 'cursor';
  cursor.title = 'the feed cursor: the stream resumes after it';
  cursor.textContent = id;
  const at = document.createElement('time');
  at.dateTime = data.createdAt;
  at.textContent = time(data.createdAt);
  li.append(at, name, what, cursor);
  const list = $('events');
  list.prepend(li);
  while (list.children.length > MAX_EVENTS) list.lastElementChild.remove();
  document.querySelector('.empty[data-for="events"]').hidden = true;
}

function setState(kind, text) {
  const live = $('live');
  live.className = `state ${kind}`;
  live.textContent = text;
}

/** Reads a table again, coalescing the events of one change into one request (§17.2's rate is per session). */
function refresher(read) {
  let timer;
  return () => {
    clearTimeout(timer);
    timer = setTimeout(() => read().catch(showProblem), 150);
  };
}

async function main() {
  let session = await newSession();
  const { customerId } = session;
  // A 401 AUTH_SESSION_INVALID (expired or revoked, §17.2) asks the backend for a new session once.
  const client = new FrontendClient({ baseUrl: session.baseUrl, token: session.token, renew: async () => (session = await newSession()).token });
  const balances = () => client.query(BALANCES, { customerId }).then(renderBalances);
  const withdrawals = () => client.query(WITHDRAWALS, { customerId }).then(renderWithdrawals);
  const refreshBalances = refresher(balances);
  const refreshWithdrawals = refresher(withdrawals);

  const { customer } = await client.query(CUSTOMER, { customerId });
  $('customer').textContent = `${customer.displayName ?? 'Customer'} · ${customerId}`;
  await Promise.all([balances(), withdrawals()]);

  wireSimulate();

  // §17.4: only new events (no cursor yet); an expired session is renewed and the stream resumes where it was.
  let after;
  for (;;) {
    const outcome = await client.stream({
      after,
      onOpen: () => {
        setState('live', 'live');
        showProblem(null);
        // What changed while no stream was open (before the first, or in a gap without a cursor).
        refreshBalances();
        refreshWithdrawals();
      },
      onEvent: (e) => {
        addEvent(e);
        if (e.type === 'transaction.posted') refreshBalances();
        if (e.type.startsWith('crypto_withdrawal.')) refreshWithdrawals();
      },
      onError: (error, retryInMs) => {
        if (retryInMs === null) return;
        setState('reconnecting', `reconnecting in ${Math.max(1, Math.round(retryInMs / 1000))} s…`);
      },
    });
    if (outcome.kind === 'ended' && outcome.reason === 'expired') {
      setState('connecting', 'session expired: renewing…');
      client.setToken((session = await newSession()).token);
      after = outcome.lastEventId;
      continue;
    }
    if (outcome.kind === 'ended') setState('stopped', `session ${outcome.reason}`);
    if (outcome.kind === 'failed') {
      setState('stopped', 'stopped');
      showProblem(outcome.error);
    }
    return;
  }
}

/** The sandbox form: the backend moves money through the signed API; the page learns of it from the stream. */
function wireSimulate() {
  const form = $('simulate');
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const action = event.submitter?.value ?? 'deposit';
    const amountMinor = new FormData(form).get('amountMinor') || undefined;
    const res = await fetch(`/demo/${action}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ amountMinor }) });
    const body = await res.json();
    $('simulated').textContent = res.ok ? `${action}: ${body.status}` : `${action} refused: ${body.code ?? res.status} ${body.detail ?? ''}`;
  });
}

main().catch((error) => {
  setState('stopped', 'stopped');
  showProblem(error);
});
