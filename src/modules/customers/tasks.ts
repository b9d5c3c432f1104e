// §12.3 the verification review: a worker step in every mode (R21: the review is a rule, not a provider).
import type { TaskFactory } from '../../core/task.js';
import { dueReviews } from './repository.js';
import { reviewStep } from './verification.js';

const tasks: TaskFactory = (config) => [
  {
    name: 'customer-verification-review',
    due: (db, now, limit) => dueReviews(db, now.toISOString(), limit),
    step: (tx, customerId, now) => reviewStep(tx, customerId, now, config.sandbox),
  },
];
export default tasks;
