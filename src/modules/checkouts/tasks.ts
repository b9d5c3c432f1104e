// §15.3 the checkout expiry step, due at expiresAt (the worker finds it by expiresAt and nothing pending).
import type { TaskFactory } from '../../core/task.js';
import { checkoutExpiryStep } from './expiry.js';
import { dueCheckoutExpiries } from './repository.js';

const tasks: TaskFactory = () => [
  {
    name: 'checkout-expiry',
    due: (db, now, limit) => dueCheckoutExpiries(db, now.toISOString(), limit),
    step: (tx, id, now) => checkoutExpiryStep(tx, id, now),
  },
];
export default tasks;
