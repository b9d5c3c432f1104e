// What a measurement spent of the machine, read from /proc (Linux): each service process's CPU (utime +
// stime of /proc/<pid>/stat: process.cpuUsage is the service's own, out of the bench's reach), the
// PostgreSQL server's (every process named `postgres` on this machine: backends and its own writers),
// the load generator's (this process), and the whole machine's busy time (/proc/stat). Where there is no
// /proc (or PostgreSQL runs elsewhere), those figures read 0.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';

/** Clock ticks per second of /proc's times (USER_HZ). */
const TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();
/** PostgreSQL backends come and go (pools open and close connections): sampled this often, a backend that ends between two samples loses at most this much of its time. */
const SAMPLE_MS = 250;

/** utime + stime of a process, in ticks; undefined once it is gone. */
function ticksOf(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: fields are counted after its last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return undefined;
  }
}

/** utime + stime of a process so far, in seconds; undefined once it is gone. */
export function cpuSecondsOf(pid: number): number | undefined {
  const t = ticksOf(pid);
  return t === undefined ? undefined : t / TICKS;
}

function postgresPids(): number[] {
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return [];
  }
  const pids: number[] = [];
  for (const e of entries) {
    if (!/^\d+$/.test(e)) continue;
    try {
      if (fs.readFileSync(`/proc/${e}/comm`, 'utf8').trim() === 'postgres') pids.push(Number(e));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/** The machine's busy and total ticks, all cores (/proc/stat's first line; idle and iowait are not busy). */
function machineTicks(): { busy: number; total: number } {
  try {
    const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
    const v = line.trim().split(/\s+/).slice(1, 9).map(Number);
    const total = v.reduce((a, b) => a + b, 0);
    return { busy: total - v[3]! - v[4]!, total };
  } catch {
    return { busy: 0, total: 0 };
  }
}

/** Cores kept busy on average (1 = one core all the time). */
export type CpuUse = {
  seconds: number;
  /** Each service process, in the order given. */
  services: number[];
  /** Every postgres process of this machine, other clients' backends included. */
  postgres: number;
  /** Of `postgres`: the backends `ours` named (this run's connections). */
  postgresOurs: number;
  generator: number;
  machineBusy: number;
  cores: number;
};

export class CpuSampler {
  private readonly t0 = performance.now();
  private readonly gen0 = process.cpuUsage();
  private readonly machine0 = machineTicks();
  private readonly service0: (number | undefined)[];
  /** Per postgres pid: ticks at its last sample, and ticks spent since the start. */
  private readonly pg = new Map<number, { last: number; spent: number }>();
  private readonly timer: NodeJS.Timeout;
  private first = true;

  constructor(private readonly servicePids: number[]) {
    this.service0 = servicePids.map(ticksOf);
    this.sample();
    this.first = false;
    this.timer = setInterval(() => this.sample(), SAMPLE_MS);
    // A measurement that throws before stop() must not keep the bench alive.
    this.timer.unref();
  }

  private sample(): void {
    for (const pid of postgresPids()) {
      const now = ticksOf(pid);
      if (now === undefined) continue;
      const seen = this.pg.get(pid);
      // A backend first seen after the start began during the measurement: all its time counts.
      if (!seen) this.pg.set(pid, { last: now, spent: this.first ? 0 : now });
      else {
        seen.spent += now - seen.last;
        seen.last = now;
      }
    }
  }

  /** Stops sampling; `ours`: the PostgreSQL backends that served this measurement's connections. */
  stop(ours: number[] = []): CpuUse {
    clearInterval(this.timer);
    this.sample();
    const seconds = (performance.now() - this.t0) / 1000;
    const cores = (ticks: number) => ticks / TICKS / seconds;
    const gen = process.cpuUsage(this.gen0);
    const machine = machineTicks();
    const total = machine.total - this.machine0.total;
    let postgres = 0;
    let postgresOurs = 0;
    for (const [pid, p] of this.pg) {
      postgres += p.spent;
      if (ours.includes(pid)) postgresOurs += p.spent;
    }
    return {
      seconds,
      services: this.servicePids.map((pid, i) => cores((ticksOf(pid) ?? 0) - (this.service0[i] ?? 0))),
      postgres: cores(postgres),
      postgresOurs: cores(postgresOurs),
      generator: (gen.user + gen.system) / 1e6 / seconds,
      machineBusy: total > 0 ? ((machine.busy - this.machine0.busy) / total) * os.cpus().length : 0,
      cores: os.cpus().length,
    };
  }
}
