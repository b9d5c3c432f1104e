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
import { loadLazily, unwiredHooks } from '../core/hook.js';

export type { DatabaseTarget, Engine, EngineOptions } from '../db/engine.js';
export { databaseTargetFromUrl } from '../db/engine.js';

/** Wires every module's event subscribers (once per process) and hooks, then opens the engine. */
export async function openEngine(target: DatabaseTarget, options: EngineOptions = {}): Promise<Engine> {
  wireEventSubscribers();
  wireModuleHooks();
  return loadingBeforeFirstWrite(await openDatabase(target, options));
}

/**
 * No transaction waits on an import: the hooks' and subscribers' code (`lazily()`, loaded at first use) is
 * loaded before a process's first write begins, not inside it holding the writer (partnerctl's first
 * event-writing command). Reads never load it, so a partnerctl read stays light; the server has loaded it
 * before it answers.
 */
function loadingBeforeFirstWrite(engine: Engine): Engine {
  const { writer } = engine;
  const run = writer.run.bind(writer);
  let loaded = false;
  let loading: Promise<void> | undefined;
  const load = () =>
    (loading ??= loadLazily().then(
      () => void (loaded = true),
      (err: unknown) => {
        loading = undefined;
        throw err;
      },
    ));
  writer.run = (work, options) => (loaded ? run(work, options) : load().then(() => run(work, options)));
  return engine;
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
