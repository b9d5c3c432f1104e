// How a configuration key is declared (docs/deployment.md "Configuration"): once, in the folder of the
// area that owns it (src/modules/<area>/config.ts; the platform's in src/config/platform.ts), with its
// variable, how it is read and checked, its default and its line in the configuration reference. The
// Config type is inferred from the declarations; `npm run codegen` gathers the areas' files
// (src/config/generated/areas.ts) and `npm run docs:config` writes the reference from the same objects.
import { booleanOf, integerIn } from './values.js';

/** The environment a process reads its configuration from. */
export type Env = Readonly<Record<string, string | undefined>>;

/** What an area's keys may depend on besides their own variables: the platform's values. */
export type ReadContext = {
  production: boolean;
  sandbox: boolean;
  /** The SQLite file, when the database is one. */
  sqliteFile: string | null;
  /** false: partnerctl, which reaches the chain and derives addresses but signs nothing (§18.4). */
  signer: boolean;
};

/** One environment variable, as the configuration reference shows it. */
export type Variable = {
  name: string;
  /** The default as shown; '' for none. */
  default: string;
  /** The values accepted, as shown; '' where any text is. */
  values: string;
  /** Its meaning, one line (the contract section cited). */
  docs: string;
};

/**
 * A setting: the variables it reads and how it turns them into its value. `read` is a pure function of
 * the environment, so a key that depends on another reads that one itself (`base.read(env, ctx)`).
 */
export type Setting<T> = {
  readonly variables: readonly Variable[];
  read(env: Env, ctx: ReadContext): T;
};

/** Settings named by the properties of the value they make: a Config, or a part of one. */
export type Settings = { readonly [property: string]: Setting<unknown> | Settings };

/** The value of a setting or of a tree of them. */
export type ValueOf<S> = S extends Setting<infer T> ? T : S extends Settings ? { -readonly [K in keyof S]: ValueOf<S[K]> } : never;

/**
 * An area's keys: its part of the Config, the table of the configuration reference it is listed in, and the
 * keys themselves (a process that needs one key alone reads just that one).
 */
export type AreaConfig<S extends Settings> = Setting<ValueOf<S>> & { readonly table: string; readonly keys: S };

/** Unset or empty: the default applies. */
export const unset = (raw: string | undefined): raw is undefined | '' => raw === undefined || raw === '';

const show = (n: number) => String(n);

/** A key read by `read` from its raw value (undefined when unset); the reference shows `default` and `values`. */
export function variable<T>(
  name: string,
  o: { default: string; values?: string; docs: string; read: (raw: string | undefined, env: Env, ctx: ReadContext) => T },
): Setting<T> {
  return { variables: [{ name, default: o.default, values: o.values ?? '', docs: o.docs }], read: (env, ctx) => o.read(env[name], env, ctx) };
}

/** An integer in [min, max]; outside it, or not an integer, the start stops naming the variable (§11.9). */
export function integer(name: string, o: { default: number; min: number; max: number; docs: string; shown?: string }): Setting<number> {
  return variable(name, {
    default: o.shown ?? show(o.default),
    values: `${show(o.min)}–${show(o.max)}`,
    docs: o.docs,
    read: (raw) => integerIn(name, raw, o.default, o.min, o.max),
  });
}

/** A positive number; `off`: `0` is taken too (the feature off); `whole`: rounded down. */
export function positive(name: string, o: { default: number; docs: string; off?: boolean; whole?: boolean }): Setting<number> {
  return variable(name, {
    default: show(o.default),
    values: o.off ? 'a positive number, or `0`' : 'a positive number',
    docs: o.docs,
    read: (raw) => {
      if (o.off && raw === '0') return 0;
      if (unset(raw)) return o.default;
      const n = Number(raw);
      if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
      return o.whole ? Math.floor(n) : n;
    },
  });
}

/** Exactly `true` or `false` (§16.5). */
export function flag(name: string, o: { default: boolean; docs: string }): Setting<boolean> {
  return variable(name, { default: String(o.default), values: '`true`, `false`', docs: o.docs, read: (raw) => booleanOf(name, raw, o.default) });
}

/** Any text; unset or empty: the default. */
export function text(name: string, o: { default: string; docs: string; values?: string }): Setting<string> {
  return variable(name, { default: o.default, values: o.values, docs: o.docs, read: (raw) => (unset(raw) ? o.default : raw) });
}

function isSetting(s: Setting<unknown> | Settings): s is Setting<unknown> {
  return typeof (s as Setting<unknown>).read === 'function' && Array.isArray((s as Setting<unknown>).variables);
}

/** Every variable of a tree, in declaration order, each once. */
function variablesOf(tree: Settings): Variable[] {
  const all = Object.values(tree).flatMap((s) => (isSetting(s) ? s.variables : variablesOf(s)));
  return all.filter((v, i) => all.findIndex((w) => w.name === v.name) === i);
}

function readTree<S extends Settings>(tree: S, env: Env, ctx: ReadContext): ValueOf<S> {
  // In declaration order, so the first bad value named is the first declared.
  return Object.fromEntries(Object.entries(tree).map(([k, s]) => [k, isSetting(s) ? s.read(env, ctx) : readTree(s, env, ctx)])) as ValueOf<S>;
}

/** A tree of settings as one: its value has the tree's shape. */
export function group<S extends Settings>(tree: S): Setting<ValueOf<S>> {
  return { variables: variablesOf(tree), read: (env, ctx) => readTree(tree, env, ctx) };
}

/** A value made from several keys with rules between them (a maximum at least a base; keys that require each other). */
export function derived<S extends Settings, T>(inputs: S, make: (values: ValueOf<S>, env: Env, ctx: ReadContext) => T): Setting<T> {
  return { variables: variablesOf(inputs), read: (env, ctx) => make(readTree(inputs, env, ctx), env, ctx) };
}

/**
 * An area's `config.ts` default export: its part of the Config (merged at the top level: `config.fileMaxBytes`,
 * `config.frontend.…`), listed in the reference's table `table` (the marked block in docs/deployment.md).
 */
export function areaConfig<S extends Settings>(tree: S, o: { table?: string } = {}): AreaConfig<S> {
  return { ...group(tree), table: o.table ?? 'configuration', keys: tree };
}
