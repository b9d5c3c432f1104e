// §14.8 the fiat deposit step: sandbox mode only (R21: no fiat provider ships; outside sandbox mode no
// fiat step runs and a PROCESSING deposit waits).
import type { TaskFactory } from '../../core/task.js';
import { dueFiatDepositSteps } from './repository.js';
import { fiatDepositStep } from './rules.js';

const tasks: TaskFactory = (config) =>
  config.sandbox
    ? [
        {
          name: 'fiat-deposit-step',
          due: (db, now, limit) => dueFiatDepositSteps(db, now.toISOString(), limit),
          step: (tx, fiatDepositId, now) => fiatDepositStep(tx, fiatDepositId, now),
        },
      ]
    : [];
export default tasks;
