// The one way a process opens its database engine: together with the modules' event subscribers (§11.5
// D1: the webhooks' fan-out), so that an event written by any process — the server with its worker and
// upgrades, partnerctl — reaches them; and with the modules' hooks into lower modules' steps (the EVM
// rail's address at createCustomer, the customer check of the modules below customers). Each module
// declares them in its own subscribers.ts and hooks.ts,
// gathered by codegen; test/platform/core/boundaries.test.ts refuses any other opening of an engine.
import { openEngine as openDatabase, type DatabaseTarget, type Engine, type EngineOptions } from '../db/engine.js';
import { onEventRecorded } from '../modules/events/index.js';
import { moduleHooks } from './generated/hooks.js';
import { eventSubscribers } from './generated/subscribers.js';
import { unwiredHooks } from '../core/hook.js';

export type { DatabaseTarget, Engine, EngineOptions } from '../db/engine.js';
export { databaseTargetFromUrl } from '../db/engine.js';

/** Wires every module's event subscribers (once per process) and hooks, then opens the engine. */
export async function openEngine(target: DatabaseTarget, options: EngineOptions = {}): Promise<Engine> {
  wireEventSubscribers();
  wireModuleHooks();
  return openDatabase(target, options);
}

/** Every module's hooks into lower modules' steps (hooks.ts; each registration is kept once). */
function wireModuleHooks(): void {
  for (const wire of moduleHooks) wire();
  const unwired = unwiredHooks();
  if (unwired.length > 0) throw new Error(`hooks no module's hooks.ts answers: ${unwired.join('; ')}`);
}

/** The subscribers of every module (a registration is kept once, however often this runs). */
function wireEventSubscribers(): void {
  for (const subscriber of eventSubscribers) onEventRecorded(subscriber);
}
