// What other modules and the layers above may use of events; the rest of the folder is its own.
// Other code imports the module only through this file (test/platform/core/boundaries.test.ts).
export { EVENT_TYPES, eventView, feedCursor, feedPositionOf, onEventRecorded, recordEvent } from './rules.js';
export { feedBetween, feedHead, findEvent } from './repository.js';
export type { EventSubscriber, ResourceType } from './rules.js';
export type { EventRow, NewEvent } from './tables.js';
