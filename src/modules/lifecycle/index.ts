// What other modules and the layers above may use of lifecycle; the rest of the folder is its own.
// Other code imports the module only through this file (test/platform/core/boundaries.test.ts).
export { transition } from './transition.js';
export type { Lifecycle, RecordRow } from './transition.js';
