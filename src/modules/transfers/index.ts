// What other modules and the layers above may use of transfers; the rest of the folder is its own.
// Other code imports the module only through this file (test/platform/core/boundaries.test.ts).
export { STATUS_INFO, captureFailure, dueAfter } from './rules.js';
export { pipelineStates } from './rules.js';
export { refundTransfers, withdrawalTransfers } from './kinds.js';
export { lifecycleOf } from './pipeline.js';
export type { TransferKind, TransferRecord } from './pipeline.js';
