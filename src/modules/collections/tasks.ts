// §15.5 the wallet expiry step; §15.6 a payment's confirmation (the sandbox simulator, sandbox mode only)
// and timeout steps. Confirmation is listed before timeout: due at the same instant, it runs first.
import type { TaskFactory } from '../../core/task.js';
import { confirmationStep, timeoutStep } from './payments.js';
import { dueConfirmations, dueTimeouts, dueWalletExpiries } from './repository.js';
import { walletExpiryStep } from './wallets.js';

const tasks: TaskFactory = (config) => [
  {
    name: 'collection-wallet-expiry',
    due: (db, now, limit) => dueWalletExpiries(db, now.toISOString(), limit),
    step: (tx, id, now) => walletExpiryStep(tx, id, now),
  },
  ...(config.sandbox
    ? [
        {
          name: 'collection-payment-confirmation',
          due: (db: Parameters<typeof dueConfirmations>[0], now: Date, limit: number) => dueConfirmations(db, now.toISOString(), limit),
          step: (tx: Parameters<typeof confirmationStep>[0], id: string, now: Date) => confirmationStep(tx, id, now),
        },
      ]
    : []),
  {
    name: 'collection-payment-timeout',
    due: (db, now, limit) => dueTimeouts(db, now.toISOString(), limit),
    step: (tx, id, now) => timeoutStep(tx, id, now, config.sandbox),
  },
];
export default tasks;
