// One HTTP exchange, independent of node:http, so the dev proxy can re-enter the normal path. Declared
// below the modules (src/core/http-route.ts), whose raw routes answer them too.
export type { HttpCall, HttpReply, ReplyStream, StreamOut } from '../core/http-route.js';
