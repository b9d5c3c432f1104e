// A call a lower module makes into a higher one that it may not import (no two modules depend on each
// other in a circle: test/platform/core/boundaries.test.ts). The lower module declares the hook and calls
// it; src/engine/hooks.ts gives it the higher module's function whenever a process opens its engine
// (src/engine/open.ts), as it wires the events' subscribers.

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
