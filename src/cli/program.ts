// partnerctl's shell, on commander: the program's options and help, the kit an action runs with, and the
// commands mounted from where they are declared — the platform's (commands.ts) and each area's
// src/modules/<area>/cli.ts (collected by `npm run codegen` into generated/commands.ts). Results are JSON
// on stdout; exit codes are run.ts's (§11.8).
//
// Building the program loads commander, the kit (src/core/command.ts) and the declarations, nothing else
// of the service: a command loads the code it runs when it runs, so `--help`, `sign` and `evidence` open
// no database and load no module, and a database command loads the engine and its own operator file only.
import { Command } from 'commander';
import { DEFAULT_DATABASE_URL } from '../config/database-url.js';
import type { AreaCommands, CommandGroup, CommandKit, MountCommands, OperatorContext, Opts } from '../core/command.js';
import { mountPlatformTools, platformCommands } from './commands.js';
import { areaCommands } from './generated/commands.js';

/** Where partnerctl writes: its stdout and stderr, or a test's buffers. */
export type CliIo = { out: (s: string) => void; err: (s: string) => void };

/**
 * The order `partnerctl --help` lists the groups in. A group not named here (a new area's) follows them,
 * in module order; the platform's single commands (audit, demo-secret, sign, evidence) come last.
 */
const HELP_ORDER = ['client', 'route', 'rate', 'conversion-pair', 'customer', 'screening', 'rail', 'sandbox', 'devnet', 'webhook'];

/** Every declaration, the platform's first, then each area's in module order, with whom it comes from. */
const declarations = (): [string, AreaCommands][] => [['platform', platformCommands], ...Object.entries(areaCommands)];

/**
 * Mounts the declared groups on `program`: each group once, its owner's commands first, then what other
 * areas add to it (in module order). A group declared twice, or an addition to no group, is a mistake in
 * the declarations: building the program throws.
 */
export function mountDeclared(program: Command, kit: CommandKit, all: [string, AreaCommands][] = declarations()): void {
  const groups = new Map<string, CommandGroup & { owner: string }>();
  for (const [owner, declared] of all)
    for (const [name, group] of Object.entries(declared.groups ?? {})) {
      const earlier = groups.get(name);
      if (earlier) throw new Error(`partnerctl group ${name} is declared by ${earlier.owner} and ${owner}`);
      groups.set(name, { ...group, owner });
    }
  const rank = (name: string) => (HELP_ORDER.includes(name) ? HELP_ORDER.indexOf(name) : HELP_ORDER.length);
  const ordered = [...groups].sort(([a], [b]) => rank(a) - rank(b));
  const mounted = new Map<string, Command>();
  for (const [name, group] of ordered) {
    const command = program.command(name).description(group.description);
    group.commands(command, kit);
    mounted.set(name, command);
  }
  for (const [owner, declared] of all)
    for (const [name, add] of Object.entries(declared.additions ?? {}) as [string, MountCommands][]) {
      const group = mounted.get(name);
      if (!group) throw new Error(`${owner} adds commands to partnerctl group ${name}, which no area declares`);
      add(group, kit);
    }
}

/** Builds the program; `done` receives each command's result. */
export function buildProgram(env: NodeJS.ProcessEnv, version: string, io: CliIo, done: (result: unknown) => void): Command {
  /** A command that works on the database (DATABASE_URL, the server's). */
  const onDb = (fn: (ctx: OperatorContext, o: Opts) => Promise<unknown>) => async (o: Opts) => {
    const [{ databaseTargetFromUrl, openEngine }, { databaseNotice }, { secretBoxFromEnv }] = await Promise.all([
      import('../engine/open.js'),
      import('./database.js'),
      import('../core/secret-box.js'),
    ]);
    const target = databaseTargetFromUrl(env.DATABASE_URL || DEFAULT_DATABASE_URL);
    io.err(`${databaseNotice(target, env)}\n`);
    const db = await openEngine(target, { poolSize: 1 });
    try {
      // §11.7: partnerctl applies its own NODE_ENV.
      const production = env.NODE_ENV === 'production';
      const box = secretBoxFromEnv(env, production);
      done(await fn({ db, target, env, production, box }, o));
    } finally {
      await db.close();
    }
  };
  const kit: CommandKit = { env, onDb, done };

  const program = new Command('partnerctl')
    .description('Operator commands for the partner API, on the same DATABASE_URL as the server (default file:./data/partner.db).\nResults are JSON on stdout; a command on the database first prints {"database","from"} on stderr. Exit 0: done; 1: refused, {"code","detail"} on stderr; 2: usage error, {"error"} on stderr.')
    .version(version, '-V, --version')
    .helpCommand(true)
    .showSuggestionAfterError(true);
  mountDeclared(program, kit);
  mountPlatformTools(program, kit, io.err);
  return program;
}
