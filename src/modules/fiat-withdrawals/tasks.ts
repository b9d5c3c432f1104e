// §14.7 the fiat withdrawals' worker steps, in sandbox mode only (R21: outside it withdrawals wait in
// SUBMITTED with their funds held): the compliance review in the worker's transaction, then the bank
// rail's steps, whose calls are made outside any transaction. The review comes first, so a withdrawal it
// clears is sent in the same round.
import type { TaskFactory } from '../../core/task.js';
import { sandboxBank } from './bank-rail.js';
import { bankStep } from './payout.js';
import { dueFiatWithdrawals } from './repository.js';
import { reviewStep } from './review.js';

const tasks: TaskFactory = (config, { engine }) =>
  config.sandbox
    ? [
        {
          name: 'fiat-withdrawal-review',
          due: (db, now, limit) => dueFiatWithdrawals(db, now.toISOString(), ['SUBMITTED', 'COMPLIANCE_REVIEW'], limit, false),
          step: (tx, id, now) =>
            reviewStep(tx, id, now, { stepDelayMs: config.sandboxStepDelayMs, informationTimeoutSeconds: config.fiatInformationTimeoutSeconds }),
        },
        {
          name: 'fiat-withdrawal-bank',
          due: async (db, now, limit) => [
            ...(await dueFiatWithdrawals(db, now.toISOString(), ['COMPLIANCE_REVIEW'], limit, true)),
            ...(await dueFiatWithdrawals(db, now.toISOString(), ['SENT_TO_BANK'], limit)),
          ].slice(0, limit),
          // Each step's bank call is awaited outside the writer, then stored in its own transaction.
          start: (id, now) => bankStep(engine, sandboxBank, id, now, config.sandboxStepDelayMs),
          idle: async () => 0,
          stop: async () => undefined,
        },
      ]
    : [];
export default tasks;
