// §18 the EVM rail's worker tasks, in every mode (C3) when EVM_RPC_URLS (or EVM_DEVNET) configures a
// chain: none otherwise. Network calls are made outside database transactions (the tasks are StartTasks
// that run their own short transactions).
import type { TaskFactory, WorkerTask } from '../../core/task.js';

const tasks: TaskFactory = (config) => {
  if (config.evm.rpcUrls.length === 0) return [];
  const all: WorkerTask[] = [];
  return all;
};
export default tasks;
