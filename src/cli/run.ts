// §11.8 partnerctl's run: argv and environment in, JSON out through `io`, the exit code returned. The
// `partnerctl` process (partnerctl.ts) gives it its own argv, environment and streams; tests give it theirs.
import fs from 'node:fs';
import { CommanderError, type Command } from 'commander';
import { JsonLines, OperatorRefusal, PlainText } from '../core/command.js';
import { buildProgram, type CliIo } from './program.js';

const { version } = JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

/** One JSON document and its newline. */
const line = (value: unknown) => `${JSON.stringify(value)}\n`;

export async function runPartnerctl(argv: string[], env: NodeJS.ProcessEnv, io: CliIo): Promise<number> {
  let result: unknown;
  let produced = false;
  const program = buildProgram(env, version, io, (r) => {
    result = r;
    produced = true;
  });
  // Usage errors are printed as JSON below; help and version go to stdout.
  program.exitOverride().configureOutput({ writeOut: io.out, writeErr: () => {} });
  // Every command at every depth (`client origin add` is three deep).
  const all = (c: Command): Command[] => [c, ...c.commands.flatMap(all)];
  for (const sub of all(program).slice(1)) sub.exitOverride().configureOutput({ writeOut: io.out, writeErr: () => {} });
  if (argv.length === 0) {
    program.outputHelp();
    return 0;
  }
  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (e) {
    if (e instanceof CommanderError) {
      if (e.exitCode === 0) return 0;
      if (e.code === 'commander.help') {
        // A group (client, route, client origin, …) without its subcommand: the deepest one named.
        const path: Command[] = [];
        for (let c: Command | undefined = program, i = 0; c && i < argv.length; i++) {
          c = c.commands.find((x) => x.name() === argv[i]);
          if (c) path.push(c);
        }
        const name = path.map((c) => c.name()).join(' ') || argv[0];
        const subs = path.at(-1)?.commands.map((c) => c.name()).filter((n) => n !== 'help') ?? [];
        io.err(line({ error: `${name} needs a command: ${subs.join(', ')} (partnerctl ${name} --help)` }));
        return 2;
      }
      io.err(line({ error: e.message.replace(/^error: /, '') }));
      return 2;
    }
    if (e instanceof OperatorRefusal) {
      io.err(line({ code: e.code, detail: e.message }));
      return 1;
    }
    io.err(line({ error: e instanceof Error ? e.message : String(e) }));
    return 2;
  }
  if (!produced) return 0; // a group without a subcommand printed its help
  if (result instanceof JsonLines) for (const row of result.rows) io.out(line(row));
  else if (result instanceof PlainText) io.out(`${result.text}\n`);
  else io.out(line(result));
  return 0;
}

