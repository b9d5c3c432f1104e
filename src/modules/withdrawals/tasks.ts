// §10.7 / settled point 3: in sandbox mode the simulator moves withdrawals on SANDBOX routes through the
// outbound pipeline; outside it those stay in their entry state, funds held. Those on EVM routes are the
// EVM rail's in every mode (§18 C1, src/modules/evm/tasks.ts).
import type { TaskFactory } from '../../core/task.js';
import { sandboxTransferTask } from '../transfers/index.js';
import { withdrawalTransfers } from './transfer-kind.js';

const tasks: TaskFactory = (config) => (config.sandbox ? [sandboxTransferTask(withdrawalTransfers, config.sandboxStepDelayMs)] : []);
export default tasks;
