// §8, §10.2, §10.7, §11.8 partnerctl: operator commands on the same DATABASE_URL as the server (SQLite or
// PostgreSQL), printing JSON, plus request helpers for curl users. A running server reads routes, the
// deny list and the sandbox failure list per request, and a client's secrets and limit at most
// CREDENTIAL_CACHE_MS old, so changes apply within the 5 s §8 allows. Exit codes (§11.8): 0 done (help
// included); 1 a refusal, `{"code", "detail"}` on stderr; 2 a usage error, `{"error"}` on stderr.
import fs from 'node:fs';
import { CommanderError, type Command } from 'commander';
import { OperatorRefusal } from './operators.js';
import { buildProgram, JsonLines } from './program.js';

const { version } = JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

async function main(argv: string[]): Promise<number> {
  let result: unknown;
  let produced = false;
  const program = buildProgram(process.env, version, (r) => {
    result = r;
    produced = true;
  });
  // Usage errors are printed as JSON below; help and version go to stdout.
  program.exitOverride().configureOutput({ writeOut: (s) => process.stdout.write(s), writeErr: () => {} });
  // Every command at every depth (`client origin add` is three deep).
  const all = (c: Command): Command[] => [c, ...c.commands.flatMap(all)];
  for (const sub of all(program).slice(1)) sub.exitOverride().configureOutput({ writeOut: (s) => process.stdout.write(s), writeErr: () => {} });
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
        console.error(JSON.stringify({ error: `${name} needs a command: ${subs.join(', ')} (partnerctl ${name} --help)` }));
        return 2;
      }
      console.error(JSON.stringify({ error: e.message.replace(/^error: /, '') }));
      return 2;
    }
    if (e instanceof OperatorRefusal) {
      console.error(JSON.stringify({ code: e.code, detail: e.message }));
      return 1;
    }
    console.error(JSON.stringify({ error: e instanceof Error ? e.message : String(e) }));
    return 2;
  }
  if (!produced) return 0; // a group without a subcommand printed its help
  if (result instanceof JsonLines) for (const row of result.rows) console.log(JSON.stringify(row));
  else console.log(JSON.stringify(result));
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
