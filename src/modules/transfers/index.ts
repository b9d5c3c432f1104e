// What other modules and the layers above may use of transfers; the rest of the folder is its own.
// Other code imports the module only through this file (test/platform/core/boundaries.test.ts).
export { STATUS_INFO, captureFailure, dueAfter, pipelineStates } from './rules.js';
export type { RailName, TransferKind, TransferRecord, Waiting, WaitingQuery } from './kind.js';
export type { OutboundRail, RailContext, Shown, Step, Submission } from './rail.js';
export { destinationDenied, leaveScreening, lifecycleOf, railContext, takeStep, track, type Driver } from './steps.js';
export { sandboxTransferTask } from './sandbox-task.js';
