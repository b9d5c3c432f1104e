// What other modules and the layers above may use of customers; the rest of the folder is its own.
// Other code imports the module only through this file (test/platform/core/boundaries.test.ts).
export { insertCustomer } from './repository.js';
export { requireOwnCustomer, underCustomer } from './rules.js';
