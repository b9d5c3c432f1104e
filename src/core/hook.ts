// How a lower module reaches a higher one it may not import (no two modules depend on each other in a
// circle: test/platform/core/boundaries.test.ts). The lower module declares what it needs: a `hook()` when
// one higher module answers (customers' check for events, ledger and files; a suspension's end of the
// frontend sessions), or a registration function when several may (customers' `onCustomerCreated`,
// deposits' `provideDepositAddresses` by rail, routes' `provideRouteRecords`). The higher module's
// `hooks.ts` default-exports the calls that wire it (HookWiring), gathered by codegen
// (src/engine/generated/hooks.ts) and run by src/engine/open.ts with every engine a process opens, as the
// event subscribers are; an engine does not open with a hook left unanswered. The registration is eager and
// tiny; what answers sits behind `lazily()`, loaded at its first call, so a process that opens an engine
// and never reaches the step (a partnerctl read) does not load it.

/** One call of a module's hooks.ts: wires one of its functions into a lower module (again: the same). */
export type HookWiring = () => void;

/** A hook: called like the function it stands for. */
export type Hook<F extends (...args: never[]) => unknown> = F & {
  /** What it stands for, in the words of its error when nothing was wired. */
  readonly what: string;
  /** Wires the higher module's function (again: the same or a new one replaces it). */
  provide(f: F): void;
  readonly provided: boolean;
};

const declared = new Set<Hook<(...args: never[]) => unknown>>();

/** Declares a hook; `what` names the call and the module that answers it. */
export function hook<F extends (...args: never[]) => unknown>(what: string): Hook<F> {
  let provided: F | undefined;
  const call = (...args: Parameters<F>) => {
    if (provided === undefined) throw new Error(`${what}: not wired (a process opens its engine through src/engine/open.ts, which wires every hook)`);
    return provided(...args);
  };
  const h = Object.assign(call, {
    what,
    provide: (f: F) => {
      provided = f;
    },
  });
  Object.defineProperty(h, 'provided', { get: () => provided !== undefined });
  declared.add(h as unknown as Hook<(...args: never[]) => unknown>);
  return h as unknown as Hook<F>;
}

/** The hooks declared so far and not wired: src/engine/hooks.ts refuses to open an engine with one. */
export function unwiredHooks(): string[] {
  return [...declared].filter((h) => !h.provided).map((h) => h.what);
}

const loads = new Set<() => Promise<unknown>>();

/**
 * `load`'s function, imported when first called and called directly from then on: what a hooks.ts or
 * subscribers.ts registers (`lazily(async () => (await import('./repository.js')).depositOnRoute)`).
 * Create it once, at the top of the file: a registration is kept once by its identity.
 */
export function lazily<F extends (...args: never[]) => Promise<unknown>>(load: () => Promise<F>): F {
  let loaded: F | undefined;
  let loading: Promise<F> | undefined;
  const get = () =>
    (loading ??= load().then(
      (f) => (loaded = f),
      (e: unknown) => {
        loading = undefined;
        throw e;
      },
    ));
  loads.add(get);
  return ((...args: Parameters<F>) => (loaded ? loaded(...args) : get().then((f) => f(...args)))) as F;
}

/** Loads every `lazily()` function created so far (the server, before it answers: no first call waits). */
export async function loadLazily(): Promise<void> {
  await Promise.all([...loads].map((get) => get()));
}
