// The real partnerctl (`node bin/partnerctl.mjs`) and the real server entry (`node --import tsx src/main.ts`,
// i.e. `npm start`) run as separate processes, the way an operator runs them, in an environment cleaned
// of what would change their mode.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect } from 'vitest';
import { signedHeaders } from '../../src/http/signature.js';

/** How long a spawned server may take to print where it listens. */
const START_MS = 60_000;

/** The package root: the working directory of every process started here. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Variables that change a server's mode or address (vitest itself sets NODE_ENV=test). */
export const MODE_VARS = ['NODE_ENV', 'PARTNER_SANDBOX', 'PORT', 'HOST', 'DATABASE_URL', 'LOG_LEVEL'] as const;
/** What changes partnerctl's mode or the key it seals client secrets with (DATABASE_URL it is always given). */
export const PARTNERCTL_VARS = ['NODE_ENV', 'PARTNER_SECRET_KEY', 'PARTNER_SANDBOX', 'LOG_LEVEL'] as const;
/** The rate-limit settings of config. */
export const RATE_LIMIT_VARS = ['RATE_LIMIT_RPS', 'RATE_LIMIT_BURST', 'ANONYMOUS_RATE_LIMIT_RPS', 'ANONYMOUS_RATE_LIMIT_BURST'] as const;

/** The parent's environment less `unset`, plus `extra`. */
export function cleanEnv(extra: Record<string, string> = {}, unset: readonly string[] = MODE_VARS): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const k of unset) delete env[k];
  return { ...env, ...extra };
}

export type Run = { code: number; stdout: string; stderr: string };

/**
 * partnerctl's JSON result on stderr (a refusal or a usage error), after the `{"database","from"}` line a
 * command on the database prints first; nothing else is on stderr.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function stderrResult(stderr: string): any {
  const lines = stderr.trim().split('\n');
  if (lines.length !== 1 && lines.length !== 2) throw new Error(`partnerctl printed ${lines.length} lines on stderr: ${stderr}`);
  if (lines.length === 2) {
    const notice = JSON.parse(lines[0]!) as Record<string, unknown>;
    if (Object.keys(notice).sort().join() !== 'database,from' || typeof notice.database !== 'string')
      throw new Error(`partnerctl's first stderr line is not the database notice: ${stderr}`);
  }
  return JSON.parse(lines.at(-1)!);
}

/** A DATABASE_URL for `database`: a SQLite file's path, or already a URL (`file:…`, `postgres://…`). */
export function databaseUrlOf(database: string): string {
  return /^(file:|postgres(ql)?:\/\/)/.test(database) ? database : `file:${database}`;
}

/** §11.8 a partnerctl refusal: exit 1, nothing on stdout, `{"code","detail"}` on stderr (the detail matching `detail` when given). */
export function expectRefusal(r: Run, code: string, detail?: RegExp): string {
  expect(r.code, r.stderr).toBe(1);
  expect(r.stdout.trim()).toBe('');
  const out = stderrResult(r.stderr);
  expect(out).toEqual({ code, detail: expect.any(String) });
  if (detail) expect(out.detail).toMatch(detail);
  return out.detail as string;
}

/** §11.8 a partnerctl usage error: exit 2, nothing on stdout, `{"error"}` on stderr (matching `error` when given). */
export function expectUsage(r: Run, error?: RegExp): void {
  expect(r.code, r.stderr).toBe(2);
  expect(r.stdout.trim()).toBe('');
  const out = stderrResult(r.stderr);
  expect(out).toEqual({ error: expect.any(String) });
  if (error) expect(out.error).toMatch(error);
}

/** The exit code `run` reports for a process it killed because it outlived its timeout (as timeout(1) does). */
export const TIMED_OUT = 124;

/**
 * Runs `file` to its end in ROOT; never rejects: a failure is a non-zero code (1 when there is none), a
 * process killed for outliving `timeout` is TIMED_OUT with a line saying so at the end of its stderr.
 */
export function run(file: string, args: string[], env: NodeJS.ProcessEnv, timeout = 30_000, maxBuffer?: number): Promise<Run> {
  return new Promise((resolve) => {
    execFile(file, args, { cwd: ROOT, env, timeout, ...(maxBuffer === undefined ? {} : { maxBuffer }) }, (err, stdout, stderr) => {
      const e = err as (NodeJS.ErrnoException & { killed?: boolean; signal?: NodeJS.Signals | null }) | null;
      if (e?.killed) {
        resolve({ code: TIMED_OUT, stdout: String(stdout), stderr: `${String(stderr)}\n[killed by the test after ${timeout} ms (${e.signal ?? 'signal'})]` });
        return;
      }
      const code = e ? (typeof e.code === 'number' ? Number(e.code) : 1) : 0;
      resolve({ code, stdout: String(stdout), stderr: String(stderr) });
    });
  });
}

/**
 * At most `limit` of the calls it wraps run at once; the others wait their turn. A test that fans out
 * many partnerctl processes on a loaded 2-core machine otherwise starves them all past their timeout.
 */
function queue(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(job: () => Promise<T>): Promise<T> => {
    if (running >= limit) await new Promise<void>((go) => waiting.push(go));
    else running++;
    try {
      return await job();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

export function exited(proc: ChildProcess): boolean {
  return proc.exitCode !== null || proc.signalCode !== null;
}

/** Resolves when `proc` has exited; SIGKILLs it if it has not after `ms`. */
export function waitExit(proc: ChildProcess, ms = 10_000): Promise<void> {
  if (exited(proc)) return Promise.resolve();
  return new Promise((resolve) => {
    const t = setTimeout(() => proc.kill('SIGKILL'), ms);
    proc.once('exit', () => {
      clearTimeout(t);
      resolve();
    });
  });
}

/** A server started by `startMain`, listening on `url`. */
export type Spawned = {
  proc: ChildProcess;
  url: string;
  /** What it printed on stdout so far (its log lines and banner). */
  stdout: () => string;
  stderr: () => string;
  /** stdout and stderr together, in the order they arrived. */
  output: () => string;
};

/** A server that exited before it listened. */
export type NotStarted = { ok: false; code: number | null; signal: NodeJS.Signals | null; output: string; stdout: string; stderr: string };

export type ProcessKitOptions = {
  /** Prefix of the directories `tempDir()` makes under the OS temp dir. */
  tempPrefix?: string;
  /** Variables removed from the parent's environment for every process (default: MODE_VARS). */
  unset?: readonly string[];
  /** execFile's maxBuffer for partnerctl and `run` (default: Node's). */
  maxBuffer?: number;
};

/**
 * Process helpers for one test file. Registers an `afterAll` that SIGKILLs any server still running and
 * removes the temporary directories, so call it at the top level of the file.
 */
export function processKit(o: ProcessKitOptions = {}) {
  const unset = o.unset ?? MODE_VARS;
  const children = new Set<ChildProcess>();
  const tempDirs: string[] = [];

  afterAll(async () => {
    for (const proc of children) {
      if (!exited(proc)) proc.kill('SIGKILL');
      await waitExit(proc, 5_000);
    }
    children.clear();
    for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  const env = (extra: Record<string, string> = {}) => cleanEnv(extra, unset);
  const partnerctlTurn = queue(3);

  const kit = {
    /** A fresh temporary directory, removed after the file's tests. */
    tempDir(): string {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), o.tempPrefix ?? 'partner-test-'));
      tempDirs.push(dir);
      return dir;
    },

    /** The parent's environment less this kit's `unset`, plus `extra`. */
    cleanEnv: env,

    run: (file: string, args: string[], runEnv: NodeJS.ProcessEnv, timeout = 30_000) => run(file, args, runEnv, timeout, o.maxBuffer),

    /** The real partnerctl on `database`: a SQLite file's path, or a DATABASE_URL (`file:…`, `postgres://…`). */
    partnerctl(database: string, args: string[], extra: Record<string, string> = {}): Promise<Run> {
      return partnerctlTurn(() => run(process.execPath, ['bin/partnerctl.mjs', ...args], env({ DATABASE_URL: databaseUrlOf(database), ...extra }), 60_000, o.maxBuffer));
    },

    /** partnerctl's JSON output; throws if it exits non-zero. */
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async partnerctlJson(dbFile: string, args: string[], extra: Record<string, string> = {}): Promise<any> {
      const r = await kit.partnerctl(dbFile, args, extra);
      if (r.code !== 0) throw new Error(`partnerctl ${args.join(' ')} exited ${r.code}: ${r.stderr}`);
      return JSON.parse(r.stdout);
    },

    /**
     * `npm start` (tsx src/main.ts) with PORT=0 on 127.0.0.1; resolves once it prints the URL it listens on,
     * or with its exit code and output if it stops first. Rejects if it does neither within START_MS (a
     * start-up through tsx compiles the sources first, slowly when other suites share the machine).
     */
    tryStartMain(extra: Record<string, string>, entry: string[] = ['--import', 'tsx', 'src/main.ts']): Promise<{ ok: true; s: Spawned } | NotStarted> {
      const proc = spawn(process.execPath, entry, {
        cwd: ROOT,
        env: env({ PORT: '0', HOST: '127.0.0.1', ...extra }),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.add(proc);
      let out = '';
      let err = '';
      let all = '';
      proc.stdout!.setEncoding('utf8');
      proc.stderr!.setEncoding('utf8');
      proc.stderr!.on('data', (d: string) => {
        err += d;
        all += d;
      });
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          proc.kill('SIGKILL');
          reject(new Error(`server neither printed its URL nor exited within ${START_MS / 1000} s\nstdout: ${out}\nstderr: ${err}`));
        }, START_MS);
        proc.stdout!.on('data', (d: string) => {
          out += d;
          all += d;
          const m = /Partner API listening on (http:\/\/[^\s)]+)/.exec(out);
          if (m) {
            clearTimeout(timer);
            resolve({ ok: true, s: { proc, url: m[1]!, stdout: () => out, stderr: () => err, output: () => all } });
          }
        });
        proc.once('exit', (code, signal) => {
          clearTimeout(timer);
          resolve({ ok: false, code, signal, output: all, stdout: out, stderr: err });
        });
      });
    },

    /** As tryStartMain, but a server that exits before it listens is an error. */
    async startMain(extra: Record<string, string>, entry?: string[]): Promise<Spawned> {
      const r = await kit.tryStartMain(extra, entry);
      if (!r.ok) throw new Error(`server exited (${r.code ?? r.signal}) before listening\nstdout: ${r.stdout}\nstderr: ${r.stderr}`);
      return r.s;
    },

    /** Sends `signal` (unless it has exited already) and waits for the exit. */
    async stopMain(s: Spawned, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
      if (!exited(s.proc)) s.proc.kill(signal);
      await waitExit(s.proc);
      children.delete(s.proc);
    },
  };
  return kit;
}

/**
 * A signed JSON request to a server process, as a partner sends it (§2; a fresh Idempotency-Key on a POST,
 * §3): its status and parsed body. The cross-process suites' one way to talk to the servers they start.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function signedSend(server: { url: string }, client: { clientId: string; secret: string }, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const raw = body === undefined ? '' : JSON.stringify(body);
  const key = method === 'POST' ? randomUUID() : null;
  const headers = signedHeaders(client.secret, { method, path, clientId: client.clientId, idempotencyKey: key, body: raw });
  const res = await fetch(server.url + path, { method, headers: { 'content-type': 'application/json', ...headers }, body: raw || undefined });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}
