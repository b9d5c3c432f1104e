// Deposit → refund, end to end: a customer, a sandbox deposit, a refund draft of part of it authorized
// by evidence, its submission (the amount is held), its confirmation, and the worker sending it back to
// the deposit's source address until COMPLETED; then its events and ledger rows.
//
//   PARTNER_SECRET=<secret> npx tsx examples/refund.ts                # GraphQL
//   PARTNER_SECRET=<secret> SURFACE=rest npx tsx examples/refund.ts   # REST
import { approver, client, deposit, main, newCustomer, settle, show, SURFACE, trail } from './setup.js';

main(async () => {
  const customerId = await newCustomer();
  const { depositId } = await deposit(customerId, '25000000'); // 25 USDT (scale 6)

  // §10.8: the draft (APPROVED) of 5 USDT back to where the deposit came from; nothing is held yet.
  const draft = await client.createRefundDraft(depositId, { amountMinor: '5000000', reason: 'Customer asked for it back' }, approver(), { surface: SURFACE });
  show('draft', draft);

  // Submission holds the amount (AWAITING_CONFIRMATION); confirmation queues it (CONFIRMED).
  const submitted = await client.submitRefund(draft.refundId, approver(), { surface: SURFACE });
  show('submitted', { status: submitted.status, statusInfo: submitted.statusInfo });
  const confirmed = await client.confirmRefund(draft.refundId, approver(), { surface: SURFACE });
  show('confirmed', { status: confirmed.status, statusInfo: confirmed.statusInfo });

  const status = await settle('refund', draft.refundId, confirmed.status);
  if (status !== 'COMPLETED') throw new Error(`refund ended ${status}`);

  await trail(customerId, draft.refundId);
});
