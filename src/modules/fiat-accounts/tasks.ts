// §14.4 the application review: worker steps in sandbox mode only (R21: no fiat provider ships; outside
// sandbox mode applications wait in SUBMITTED).
import type { TaskFactory } from '../../core/task.js';
import { dueApplicationReviews } from './repository.js';
import { reviewStep } from './rules.js';

const tasks: TaskFactory = (config) =>
  config.sandbox
    ? [
        {
          name: 'fiat-account-application-review',
          due: (db, now, limit) => dueApplicationReviews(db, now.toISOString(), limit),
          step: (tx, applicationId, now) =>
            reviewStep(tx, applicationId, now, { stepDelayMs: config.sandboxStepDelayMs, informationTimeoutSeconds: config.fiatInformationTimeoutSeconds }),
        },
      ]
    : [];
export default tasks;
