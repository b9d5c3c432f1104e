// What other modules and the layers above may use of frontend sessions (§17); the rest of the folder is its own.
// Other code imports the module only through this file (test/platform/core/boundaries.test.ts).
export { normaliseOrigin, type OriginCheck } from './origin.js';
export { isSessionTokenForm, newSessionToken, sessionTokenHash } from './token.js';
export {
  addOrigin,
  endedSessions,
  findSessionByTokenHash,
  insertSession,
  isRegisteredOrigin,
  listOrigins,
  removeOrigin,
  revokeCustomerSessions,
  revokeOriginSessions,
  revokeSession,
} from './repository.js';
export type { FrontendSessionRow } from './tables.js';
export { LiveFeed, STREAM_PATH, type PreparedStream, type SessionEnd, type StreamHandle, type StreamOwner, type StreamSink } from './stream.js';
