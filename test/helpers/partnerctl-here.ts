// partnerctl's run (src/cli/run.ts) inside the test process: the same argv, environment and database as
// the `partnerctl` process gets, its stdout, stderr and exit code collected. Costs no process start-up, so
// a suite checks its many refusals this way and keeps a few runs as real processes for the boundary
// itself (exit codes, streams; test/helpers/processes.ts).
import { runPartnerctl } from '../../src/cli/run.js';
import { cleanEnv, databaseUrlOf, MODE_VARS, type Run } from './processes.js';

/** partnerctl on `database` (a SQLite file's path, or a DATABASE_URL), with the environment a spawned one gets. */
export async function partnerctlHere(database: string, args: string[], extra: Record<string, string> = {}, unset: readonly string[] = MODE_VARS): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const code = await runPartnerctl(args, cleanEnv({ DATABASE_URL: databaseUrlOf(database), ...extra }, unset), {
    out: (s) => {
      stdout += s;
    },
    err: (s) => {
      stderr += s;
    },
  });
  return { code, stdout, stderr };
}

/** partnerctl's JSON output; throws if it exits non-zero. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function partnerctlHereJson(database: string, args: string[], extra: Record<string, string> = {}): Promise<any> {
  const r = await partnerctlHere(database, args, extra);
  if (r.code !== 0) throw new Error(`partnerctl ${args.join(' ')} exited ${r.code}: ${r.stderr}`);
  return JSON.parse(r.stdout);
}
