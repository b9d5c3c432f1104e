// partnerctl's commands come from where they are declared: the platform's (src/cli/commands.ts) and each
// area's src/modules/<area>/cli.ts, collected by `npm run codegen` (src/cli/generated/commands.ts) and
// mounted by the shell (src/cli/program.ts). Every command of the program is mounted exactly once, from
// one declaration; a group declared twice or an addition to no group fails the build of the program; and
// declaring commands loads no module code (a cli.ts imports commander and the kit only, its actions
// import the rest when they run), which keeps `partnerctl --help` and `sign` fast.
import fs from 'node:fs';
import path from 'node:path';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import type { AreaCommands, CommandKit } from '../../../src/core/command.js';
import { mountPlatformTools, platformCommands } from '../../../src/cli/commands.js';
import { areaCommands } from '../../../src/cli/generated/commands.js';
import { buildProgram, mountDeclared } from '../../../src/cli/program.js';
import { ROOT } from '../../helpers/processes.js';

const MODULES = path.join(ROOT, 'src', 'modules');
const kit: CommandKit = { env: {}, onDb: () => async () => {}, done: () => {} };

/** Every leaf command under `c`, as its words (`client origin add`). */
function leaves(c: Command, words: string[] = []): string[] {
  const subs = c.commands.filter((s) => s.name() !== 'help');
  return subs.length === 0 ? [words.join(' ')] : subs.flatMap((s) => leaves(s, [...words, s.name()]));
}

/** The leaves one declaration mounts by itself (the groups it adds to created empty for it). */
function leavesOf(declared: AreaCommands): string[] {
  const program = new Command('partnerctl');
  for (const [name, group] of Object.entries(declared.groups ?? {})) group.commands(program.command(name).description(group.description), kit);
  for (const [name, add] of Object.entries(declared.additions ?? {})) add(program.command(name), kit);
  return program.commands.flatMap((c) => leaves(c, [c.name()]));
}

describe('partnerctl commands, mounted from their declarations', () => {
  it('the generated list names every area with a cli.ts, once, in module order', () => {
    const withCli = fs
      .readdirSync(MODULES)
      .filter((area) => fs.existsSync(path.join(MODULES, area, 'cli.ts')))
      .sort();
    expect(Object.keys(areaCommands)).toEqual(withCli);
    expect(withCli.length).toBeGreaterThan(3);
  });

  it('every command of the program is mounted exactly once, from one declaration', () => {
    const program = buildProgram({}, '0.0.0', { out: () => {}, err: () => {} }, () => {});
    const all = leaves(program).sort();
    expect(new Set(all).size).toBe(all.length);

    const tools = new Command('partnerctl');
    mountPlatformTools(tools, kit, () => {});
    const from = new Map<string, string[]>();
    const declared: [string, string[]][] = [
      ['platform', [...leavesOf(platformCommands), ...leaves(tools)]],
      ...Object.entries(areaCommands).map(([area, d]): [string, string[]] => [area, leavesOf(d)]),
    ];
    for (const [owner, paths] of declared) for (const p of paths) from.set(p, [...(from.get(p) ?? []), owner]);
    expect([...from].filter(([, owners]) => owners.length > 1), 'a command declared twice').toEqual([]);
    expect([...from.keys()].sort()).toEqual(all);
    // Each area mounts something of its own, and commands of several areas share a group.
    for (const [area, paths] of declared) expect(paths.length, area).toBeGreaterThan(0);
    expect(from.get('client origin add')).toEqual(['frontend']);
    expect(from.get('client create')).toEqual(['platform']);
    expect(from.get('sandbox verification-outcome')).toEqual(['customers']);
    expect(from.get('sandbox fail-address')).toEqual(['routes']);
  });

  it('a group is shown once, its owner’s commands first, then what other areas add to it', () => {
    const program = buildProgram({}, '0.0.0', { out: () => {}, err: () => {} }, () => {});
    const names = program.commands.map((c) => c.name());
    expect(new Set(names).size).toBe(names.length);
    const sandbox = program.commands.find((c) => c.name() === 'sandbox')!;
    expect(sandbox.commands.map((c) => c.name()).filter((n) => n !== 'help')).toEqual(['fail-address', 'clear-address', 'verification-outcome', 'fiat-withdrawal-outcome', 'fiat-return', 'fiat-review-outcome']);
    const client = program.commands.find((c) => c.name() === 'client')!;
    expect(client.commands.map((c) => c.name()).at(-1)).toBe('origin');
    // The platform's single commands come after every group.
    expect(names.slice(-4)).toEqual(['audit', 'demo-secret', 'sign', 'evidence']);
  });

  it('a group declared by two areas, or an addition to a group nobody declares, fails the build of the program', () => {
    const group = { description: 'g', commands: () => {} };
    expect(() => mountDeclared(new Command('partnerctl'), kit, [['a', { groups: { g: group } }], ['b', { groups: { g: group } }]])).toThrow('partnerctl group g is declared by a and b');
    expect(() => mountDeclared(new Command('partnerctl'), kit, [['a', { additions: { nowhere: () => {} } }]])).toThrow('a adds commands to partnerctl group nowhere, which no area declares');
  });

  it('declaring commands loads no module code: a cli.ts imports commander and the kit, its actions the rest when they run', () => {
    const allowed = new Set(['commander', '../../core/command.js']);
    const statement = /^(?:import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?'([^']+)'/gm;
    const offending: string[] = [];
    for (const area of Object.keys(areaCommands)) {
      const text = fs.readFileSync(path.join(MODULES, area, 'cli.ts'), 'utf8');
      for (const m of text.matchAll(statement)) if (m[1] === undefined && !allowed.has(m[2]!)) offending.push(`src/modules/${area}/cli.ts imports ${m[2]}`);
    }
    expect(offending).toEqual([]);
  });
});
