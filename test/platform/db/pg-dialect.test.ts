// The PostgreSQL dialect without a PostgreSQL server (PGlite, PostgreSQL compiled to WASM), so that
// `npm test` exercises it too: the PostgreSQL migrations apply, and the repositories' queries give the
// same results on PostgreSQL as on SQLite, one scenario run on both. (`npm run test:pg` runs every
// suite against a real server.)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAuditEvents, insertAuditEvent } from '../../../src/db/audit-repository.js';
import { activeSecrets, findClient, insertClient, insertSecret, recordNonce, retireSecret } from '../../../src/db/clients-repository.js';
import { openEngine, type Engine } from '../../../src/db/engine.js';
import type { Exec, Query, Tables } from '../../../src/db/exec.js';
import { deleteIdempotencyRecord, findEvidenceUse, findIdempotencyRecord, insertEvidence, insertIdempotencyRecord, purgeIdempotencyRecords } from '../../../src/db/idempotency-repository.js';
import * as pgTables from '../../../src/db/generated/tables.pg.js';
import { takeTokens } from '../../../src/db/rate-repository.js';
import { findActiveBeneficiaryByAddress, findBeneficiary, insertBeneficiary } from '../../../src/modules/beneficiaries/repository.js';
import { findCustomer, findCustomerByExternalRef, insertCustomer } from '../../../src/modules/customers/repository.js';
import { findDeposit, insertDeposit, lockDeposit } from '../../../src/modules/deposits/repository.js';
import { findRefund, insertRefund, refundAmountsOfDeposit, transitionRefund } from '../../../src/modules/refunds/repository.js';
import { findRoute, insertDenied, insertRoute, isDenied, setRouteEnabled } from '../../../src/modules/routes/repository.js';

const T = '2026-11-23T10:00:00.000Z';

/** The same calls on an engine's Exec; what they return, with the ids the engines make themselves left out. */
async function scenario(x: Exec): Promise<unknown[]> {
  const out: unknown[] = [];
  const c = 'client-1';
  await insertClient(x, { clientId: c, name: 'Acme', createdAt: T });
  out.push(await findClient(x, c));
  await insertSecret(x, c, 'sealed-1', T);
  await insertSecret(x, c, 'sealed-2', T);
  const secrets = await activeSecrets(x, c);
  await retireSecret(x, secrets[0]!.id, T);
  out.push((await activeSecrets(x, c)).map((s) => s.secret));
  out.push(await recordNonce(x, c, 'n'.repeat(16), 1_000, 900_000), await recordNonce(x, c, 'n'.repeat(16), 2_000, 900_000), await recordNonce(x, c, 'n'.repeat(16), 901_000, 900_000));
  await insertRoute(x, { routeCode: 'R', clientId: c, blockchain: 'ETH', currency: 'USDT', currencyScale: 6, minAmountMinor: '1', maxAmountMinor: null, feeAmountMinor: '5', enabled: true, createdAt: T, updatedAt: T });
  out.push(await setRouteEnabled(x, 'R', false, T), await findRoute(x, 'R', c));
  await insertDenied(x, 'ETH', '0xabc', T);
  await insertDenied(x, 'ETH', '0xabc', T);
  out.push(await isDenied(x, 'ETH', '0xabc'), await isDenied(x, 'ETH', '0xdef'));
  const customer = { customerId: 'a0000000-0000-4000-8000-000000000001', clientId: c, externalRef: 'ext', type: 'INDIVIDUAL', displayName: null, status: 'ACTIVE', createdAt: T, updatedAt: T };
  out.push(await insertCustomer(x, customer), await findCustomer(x, customer.customerId), await findCustomerByExternalRef(x, c, 'ext'));
  const beneficiary = {
    walletBeneficiaryId: 'b0000000-0000-4000-8000-000000000001', customerId: customer.customerId, clientId: c, routeCode: 'R', label: 'L', description: null,
    blockchain: 'ETH', walletAddress: '0xABC', addressKey: '0xabc', isOwner: false, walletType: 'PRIVATE_WALLET', ownerType: 'INDIVIDUAL',
    platformName: null, platformUserId: null, ownerInfo: { name: 'Bob' }, purposeOfPayment: 2, relationshipWithThirdParty: 3,
    supportFiles: [{ fileAssetId: 'f0000000-0000-4000-8000-000000000001', purpose: 'id' }],
    screeningStatus: 'CLEARED', beneficiaryStatus: 'ACTIVE', createdAt: T, updatedAt: T, lastSyncedAt: T, removedAt: null,
  };
  out.push(await insertBeneficiary(x, beneficiary), await findBeneficiary(x, beneficiary.walletBeneficiaryId));
  out.push(await findActiveBeneficiaryByAddress(x, customer.customerId, 'ETH', '0xabc'), await findActiveBeneficiaryByAddress(x, customer.customerId, 'ETH', '0xdef'));
  const deposit = { depositId: 'd0000000-0000-4000-8000-000000000001', customerId: customer.customerId, clientId: c, routeCode: 'R', blockchain: 'ETH', amountMinor: '1000', currency: 'USDT', currencyScale: 6, fromAddress: '0xabc', txHash: null, status: 'COMPLETED', createdAt: T, toAddress: '0xdef', statusInfo: 'Credited', travelRuleRequired: false, travelRuleSubmittedAt: null, travelRuleOriginator: null, creditedAt: T, updatedAt: T };
  out.push(await insertDeposit(x, deposit), await lockDeposit(x, deposit.depositId), await findDeposit(x, deposit.depositId));
  const refund = { refundId: 'e0000000-0000-4000-8000-000000000001', depositId: deposit.depositId, collectionPaymentId: null, customerId: customer.customerId, clientId: c, routeCode: 'R', amountMinor: '300', currency: 'USDT', currencyScale: 6, refundAddress: '0xabc', reason: null, status: 'APPROVED', statusInfo: 'Awaiting submission', txHash: null, createdAt: T, updatedAt: T, confirmedAt: null, kytResult: 'PENDING', submittedAt: null, completedAt: null, dueAt: null, failAt: null };
  out.push(await insertRefund(x, refund), await refundAmountsOfDeposit(x, deposit.depositId));
  out.push(await transitionRefund(x, refund.refundId, 'APPROVED', { status: 'AWAITING_CONFIRMATION' }), await transitionRefund(x, refund.refundId, 'APPROVED', { status: 'CONFIRMED' }), await findRefund(x, refund.refundId));
  const record = { clientId: c, idempotencyKey: 'k1', operation: 'op', fingerprint: 'f', resourceId: 'r', responseJson: '{}', createdAt: T, expiresAtMs: 5_000 };
  await insertIdempotencyRecord(x, record);
  out.push(await findIdempotencyRecord(x, c, 'k1'), await purgeIdempotencyRecords(x, 4_000), await purgeIdempotencyRecords(x, 6_000), await findIdempotencyRecord(x, c, 'k1'));
  await insertIdempotencyRecord(x, { ...record, idempotencyKey: 'k2' });
  await deleteIdempotencyRecord(x, c, 'k2');
  out.push(await findIdempotencyRecord(x, c, 'k2'));
  const use = { clientId: c, operationType: 'CRYPTO_REFUND_CREATE', operationHash: 'h', authorizedAt: T };
  await insertEvidence(x, { ...use, authorizedByPartnerUserRef: 'u', authorizationMethod: 'PASSKEY', mfaEvidenceRef: 'm', authorizedByPartnerPolicyRef: null, sourceSystem: null, sourceActionRef: null, rawEvidence: { a: '1' }, targetType: 'CRYPTO_REFUND', targetId: refund.refundId, idempotencyKey: 'k', createdAt: T });
  out.push(Boolean(await findEvidenceUse(x, use)), Boolean(await findEvidenceUse(x, { ...use, operationHash: 'other' })));
  await insertAuditEvent(x, { at: T, requestId: 'q', clientId: c, operation: 'op', targetId: null, idempotencyKey: null, status: 200, problemCode: null, resultId: 'r', replayed: true, evidenceUserRef: null, evidencePolicyRef: null, evidenceMfaRef: null });
  out.push((await listAuditEvents(x, c)).map(({ id: _id, ...rest }) => rest));
  return out;
}

describe('the PostgreSQL dialect, without a server (PGlite)', () => {
  let pglite: PGlite;
  let pgExec: Exec;
  let sqlite: Engine;
  let dir: string;

  beforeAll(async () => {
    pglite = new PGlite();
    const db = drizzle(pglite, { schema: pgTables });
    await migrate(db, { migrationsFolder: new URL('../../../drizzle/pg', import.meta.url).pathname });
    pgExec = { q: db as unknown as Query, t: pgTables as unknown as Tables, engine: 'pg' };
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'partner-dialects-'));
    sqlite = await openEngine({ kind: 'sqlite', file: path.join(dir, 'db.sqlite') });
  }, 60_000);

  afterAll(async () => {
    await pglite?.close();
    await sqlite?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('the repositories give the same results on PostgreSQL as on SQLite', async () => {
    const onSqlite = await scenario(sqlite.read);
    const onPostgres = await scenario(pgExec);
    expect(onPostgres).toEqual(onSqlite);
  });

  it('the rate-limit bucket (PostgreSQL only) grants the burst, then refills at the rate', async () => {
    const limit = { rps: 2, burst: 3 };
    const waits = [];
    const wait = async (nowMs: number) => (await takeTokens(pgExec, 'bucket', limit, nowMs, 1)).wait;
    for (let i = 0; i < 4; i++) waits.push(await wait(10_000));
    waits.push(await wait(10_500));
    waits.push(await wait(10_500));
    expect(waits).toEqual([0, 0, 0, 1, 0, 1]);
  });

  it('the bucket hands out several whole tokens at once, never more than are there', async () => {
    const limit = { rps: 2, burst: 3 };
    const take = (nowMs: number, count: number) => takeTokens(pgExec, 'lease', limit, nowMs, count);
    expect(await take(10_000, 2)).toEqual({ taken: 2, wait: 0 });
    expect(await take(10_000, 2)).toEqual({ taken: 1, wait: 0 });
    expect(await take(10_000, 2)).toEqual({ taken: 0, wait: 1 });
    // 0.75 s at 2/s: 1.5 tokens, of which one whole is taken and half stays.
    expect(await take(10_750, 5)).toEqual({ taken: 1, wait: 0 });
    expect(await take(11_000, 5)).toEqual({ taken: 1, wait: 0 });
    expect(await take(20_000, 64)).toEqual({ taken: 3, wait: 0 });
  });
});
