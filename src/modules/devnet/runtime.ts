// §18 C14 the devnet (EVM_DEVNET=true) starts before the server listens and before the EVM rail's start
// (module order: devnet before evm), so the rail finds its node; stopped last, after the worker, so no
// rail step is left to reach it.
import { areaRuntime } from '../../core/runtime.js';
import { startDevnet, type RunningDevnet } from './devnet.js';

export default areaRuntime<RunningDevnet | undefined>({
  start: async ({ config, logger }) => (config.evm.devnet ? startDevnet(config.evm.devnet, logger) : undefined),
  stop: async (devnet) => devnet?.stop(),
});
