// The one way a process opens its database engine: together with the modules' event subscribers (§11.5
// D1: the webhooks' fan-out), so that an event written by any process — the server with its worker and
// upgrades, partnerctl — reaches them, and with the modules' hooks (./hooks.ts). Each module declares its subscribers in its own subscribers.ts,
// gathered by codegen; test/platform/core/boundaries.test.ts refuses any other opening of an engine.
import { openEngine as openDatabase, type DatabaseTarget, type Engine, type EngineOptions } from '../db/engine.js';
import { onEventRecorded } from '../modules/events/index.js';
import { eventSubscribers } from './generated/subscribers.js';
import { wireHooks } from './hooks.js';

export type { DatabaseTarget, Engine, EngineOptions } from '../db/engine.js';
export { databaseTargetFromUrl } from '../db/engine.js';

/** Wires every module's event subscribers (once per process) and hooks, then opens the engine. */
export async function openEngine(target: DatabaseTarget, options: EngineOptions = {}): Promise<Engine> {
  wireEventSubscribers();
  wireHooks();
  return openDatabase(target, options);
}

/** The subscribers of every module (a registration is kept once, however often this runs). */
function wireEventSubscribers(): void {
  for (const subscriber of eventSubscribers) onEventRecorded(subscriber);
}
