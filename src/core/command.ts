// partnerctl's kit for the commands an area declares in its `src/modules/<area>/cli.ts` (§11.8), below the
// modules so they may use it: the two kinds of failure, the two plain outputs, option readers and the
// shapes of a declaration. It loads nothing at run time (commander's types only), so `partnerctl --help`
// and the commands without a database load no module code: an action imports its operator file when run.
import type { Command } from 'commander';
import type { DatabaseTarget, Engine } from '../db/engine.js';
import type { ProblemCode } from '../graphql/generated/resolvers-types.js';
import type { SecretBox } from './secret-box.js';

/** A usage error: arguments missing or malformed (partnerctl exits 2). */
export class OperatorError extends Error {}

/**
 * A refusal: well-formed, but the state says no (partnerctl exits 1 and prints `{"code", "detail"}`,
 * §11.8). Codes are the contract's (§16.6, §16.9): NOT_FOUND for any unknown record, VALIDATION_FAILED
 * for a value that breaks a rule (one that already exists included, as `conversion-pair create` of an
 * existing pair), INVALID_STATE, SANDBOX_ONLY; typed, so no code of partnerctl's own can be printed.
 */
export class OperatorRefusal extends OperatorError {
  constructor(
    readonly code: ProblemCode,
    detail: string,
  ) {
    super(detail);
  }
}

/** What an operator action needs of an engine: its writer. */
export type Operated = Pick<Engine, 'writer'>;

/** Output printed one JSON document per line. */
export class JsonLines {
  constructor(readonly rows: unknown[]) {}
}

/** Output printed as it is (a command line to run), followed by a newline. */
export class PlainText {
  constructor(readonly text: string) {}
}

/** A command's parsed options, by commander's camel-case names. */
export type Opts = Record<string, string | boolean | undefined>;

/** A required option's value. */
export const str = (o: Opts, name: string) => o[name] as string;
/** An optional option's value. */
export const opt = (o: Opts, name: string) => o[name] as string | undefined;

/** A command's help example: each line as typed after `$ partnerctl`. */
export const example = (...lines: string[]) => `\nExample:\n${lines.map((l) => `  $ partnerctl ${l}`).join('\n')}\n`;

/** What a command on the database runs with: partnerctl's own engine on DATABASE_URL and its own mode (§11.7). */
export type OperatorContext = {
  db: Engine;
  target: DatabaseTarget;
  env: NodeJS.ProcessEnv;
  production: boolean;
  box: SecretBox;
};

/** What the shell (src/cli/program.ts) gives an area's commands. */
export type CommandKit = {
  env: NodeJS.ProcessEnv;
  /** An action on the database: opens the engine (printing which one on stderr), runs, prints the result, closes. */
  onDb: (fn: (ctx: OperatorContext, o: Opts) => Promise<unknown>) => (o: Opts) => Promise<void>;
  /** Prints an action's result (JSON, JsonLines or PlainText) for a command without a database. */
  done: (result: unknown) => void;
};

/** Adds commands to a group (`partnerctl <group> …`). */
export type MountCommands = (group: Command, kit: CommandKit) => void;

/** A top-level group of commands: its line in `partnerctl --help` and its commands. */
export type CommandGroup = { description: string; commands: MountCommands };

/**
 * An area's partnerctl commands (the default export of its cli.ts, collected by `npm run codegen` into
 * src/cli/generated/commands.ts): the groups it owns, and what it adds to a group another area or the
 * platform owns (listed after the owner's commands).
 */
export type AreaCommands = {
  groups?: Record<string, CommandGroup>;
  additions?: Record<string, MountCommands>;
};

/** An area's declaration, typed. */
export const areaCommands = (commands: AreaCommands): AreaCommands => commands;
