// §14.6 the activation review: a worker step in sandbox mode only (R21: no fiat provider ships; outside
// sandbox mode activations wait in PENDING).
import type { TaskFactory } from '../../core/task.js';
import { dueCapabilityReviews } from './repository.js';
import { reviewStep } from './rules.js';

const tasks: TaskFactory = (config) =>
  config.sandbox
    ? [
        {
          name: 'fiat-withdrawal-capability-review',
          due: (db, now, limit) => dueCapabilityReviews(db, now.toISOString(), limit),
          step: (tx, capabilityId, now) => reviewStep(tx, capabilityId, now, { informationTimeoutSeconds: config.fiatInformationTimeoutSeconds }),
        },
      ]
    : [];
export default tasks;
