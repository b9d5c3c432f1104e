// §10.7 / settled point 3: in sandbox mode the simulator moves refunds on SANDBOX routes through the
// outbound pipeline; outside it those stay in their entry state, funds held. Those on EVM routes are the
// EVM rail's in every mode (§18 C1, src/modules/evm/tasks.ts).
import type { TaskFactory } from '../../core/task.js';
import { sandboxTransferTask } from '../transfers/index.js';
import { refundTransfers } from './transfer-kind.js';

const tasks: TaskFactory = (config) => (config.sandbox ? [sandboxTransferTask(refundTransfers, config.sandboxStepDelayMs)] : []);
export default tasks;
