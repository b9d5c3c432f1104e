// The events this module follows (§11.5 D1): every event fans out to the matching ENABLED endpoints, in
// the event's transaction. Gathered by codegen (src/engine/generated/subscribers.ts) and wired with every
// engine a process opens, whichever process writes the event: the server, its worker and upgrades, or
// partnerctl.
import type { EventSubscriber } from '../events/index.js';
import { fanOut } from './delivery.js';

export default [fanOut] satisfies readonly EventSubscriber[];
