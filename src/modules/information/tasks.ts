// §14.3 the timeout step at a round's deadline. It runs in every mode: outside sandbox mode no review runs
// (R21), so no round is ever opened there.
import type { TaskFactory } from '../../core/task.js';
import { dueInformationTimeouts, timeoutStep } from './loop.js';

const tasks: TaskFactory = () => [
  {
    name: 'information-timeout',
    due: (db, now, limit) => dueInformationTimeouts(db, now, limit),
    step: (tx, roundId, now) => timeoutStep(tx, roundId, now),
  },
];
export default tasks;
