// The events this module follows (§11.5 D1): every event fans out to the matching ENABLED endpoints, in
// the event's transaction. Gathered by codegen (src/engine/generated/subscribers.ts) and wired with every
// engine a process opens, whichever process writes the event: the server, its worker and upgrades, or
// partnerctl. The fan-out's code loads with the first event the process writes (src/core/hook.ts).
import { lazily } from '../../core/hook.js';
import type { EventSubscriber } from '../events/index.js';

const fanOut = lazily(async () => (await import('./delivery.js')).fanOut);

export default [fanOut] satisfies readonly EventSubscriber[];
