// §14.4 createFiatAccountApplication: B → C → D customer, files → E a rail of `currency` enabled → H gate
// → FILE_NOT_READY → FIAT_ACCOUNT_EXISTS → I: SUBMITTED, the sandbox outcome captured, the review due,
// event `fiat_account_application.submitted`.
import { randomUUID } from 'node:crypto';
import { mutation } from '../../../core/operation.js';
import { Problem } from '../../../core/problem.js';
import { checkAmount, checkLength } from '../../../core/validate.js';
import { customerGate, requireOwnCustomer } from '../../customers/index.js';
import { fileReferences } from '../../files/index.js';
import { recordEvent } from '../../events/index.js';
import { capturedReviewOutcome } from '../../information/index.js';
import { currencyHasEnabledRail, FIAT_CURRENCIES, isFiatCurrency } from '../rails.js';
import { findCustomerFiatAccount, findOpenApplication, insertApplication } from '../repository.js';
import { APPLICATION_STATUS_INFO, applicationView } from '../rules.js';

export default mutation('createFiatAccountApplication', {
  rest: { method: 'POST', path: '/partner/v1/customers/:customerId/fiat/account-applications' },
  target: 'customerId',
  evidence: null,
  resultId: (a) => a.applicationId,
  validate: ({ input }, errors) => {
    if (!isFiatCurrency(input.currency)) errors.add('/currency', `must be one of ${FIAT_CURRENCIES.join(', ')}`);
    checkLength(errors, '/accountHolderName', input.accountHolderName, 1, 140);
    checkAmount(errors, '/expectedMonthlyVolumeMinor', input.expectedMonthlyVolumeMinor);
    if (input.expectedMonthlyVolumeMinor === '0') errors.add('/expectedMonthlyVolumeMinor', 'must be greater than 0');
    checkLength(errors, '/sourceOfFunds', input.sourceOfFunds, 1, 500);
    checkLength(errors, '/accountPurpose', input.accountPurpose, 1, 500);
    if ((input.fileIds?.length ?? 0) > 10) errors.add('/fileIds', 'must hold at most 10 files');
  },
  run: async (tx, ctx, { customerId, input }) => {
    const currency = input.currency as (typeof FIAT_CURRENCIES)[number];
    // D
    const customer = await requireOwnCustomer(tx, ctx, customerId);
    const files = await fileReferences(tx, ctx, customerId, input.fileIds ?? []);
    // E
    if (!(await currencyHasEnabledRail(tx, ctx.clientId, currency)))
      throw new Problem('RAIL_NOT_PERMITTED', `No rail of ${currency} is enabled for this partner.`);
    // H, in order.
    const { config } = ctx.services;
    customerGate(customer, 'money', config);
    files.requireReady();
    // §16.4 uq_fiat_account_customer_currency, uq_fiat_application_open: checked first for a clean 409;
    // the index holds under races (the engine runs a job again on a unique-index conflict).
    if (await findCustomerFiatAccount(tx, customerId, currency))
      throw new Problem('FIAT_ACCOUNT_EXISTS', `The customer already has a ${currency} fiat account.`);
    const open = await findOpenApplication(tx, customerId, currency);
    if (open) throw new Problem('FIAT_ACCOUNT_EXISTS', `The customer's ${currency} application ${open.applicationId} is ${open.status}.`);
    // I
    const now = ctx.now.toISOString();
    const captured = await capturedReviewOutcome(tx, customerId, 'APPLICATION', config.sandbox);
    const app = await insertApplication(tx, {
      applicationId: randomUUID(),
      customerId,
      clientId: ctx.clientId,
      currency,
      accountHolderName: input.accountHolderName,
      expectedMonthlyVolumeMinor: input.expectedMonthlyVolumeMinor,
      sourceOfFunds: input.sourceOfFunds,
      accountPurpose: input.accountPurpose,
      fileIds: JSON.stringify(input.fileIds ?? []),
      status: 'SUBMITTED',
      statusInfo: APPLICATION_STATUS_INFO.SUBMITTED,
      fiatAccountId: null,
      // R21: outside sandbox mode no review runs; the application waits in SUBMITTED.
      reviewDueAt: new Date(ctx.now.getTime() + config.sandboxStepDelayMs).toISOString(),
      reviewOutcome: captured?.outcome ?? null,
      reviewKeys: captured?.keys?.join(',') ?? null,
      createdAt: now,
      updatedAt: now,
      decidedAt: null,
    });
    const view = await applicationView(tx, app);
    await recordEvent(tx, {
      resourceType: 'FIAT_ACCOUNT_APPLICATION',
      resourceId: app.applicationId,
      clientId: app.clientId,
      customerId,
      resource: view,
      status: 'SUBMITTED',
      previousStatus: null,
      at: now,
    });
    return view;
  },
});
