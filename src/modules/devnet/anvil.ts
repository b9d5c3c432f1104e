// §18 C14: anvil, run from the project's own dependencies (the @foundry-rs/anvil-linux-amd64 npm package
// carries the binary). `--no-mining`: blocks come only when asked (`evm_mine`), on the devnet's own timer
// or by `partnerctl devnet mine|pay`, so tests and the devnet decide when a block exists.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { DEVNET_MNEMONIC } from '../../config/evm.js';

export type AnvilOptions = {
  /** 0: a free port, read back from anvil's "Listening on" line. */
  port: number;
  host?: string;
  /** The chain kept here (`--state <dir>/state.json`, dumped every few seconds and on exit) and reused on restart. */
  stateDir?: string;
  /** anvil's `finalized` tag is head − 2 with 1 slot per epoch (C5), head − 64 with anvil's default. */
  slotsInAnEpoch?: number;
  /** Extra arguments (tests: `--base-fee` and the like). */
  args?: string[];
};

export type Anvil = { url: string; port: number; process: ChildProcess; stop(): Promise<void> };

/** The anvil binary of the installed package; an error that says what to install when it is absent. */
export function anvilBinary(): string {
  const require = createRequire(import.meta.url);
  try {
    return path.join(path.dirname(require.resolve('@foundry-rs/anvil-linux-amd64/package.json')), 'bin', 'anvil');
  } catch {
    throw new Error('EVM_DEVNET needs anvil: the optional dependency @foundry-rs/anvil-linux-amd64 (linux x64) is not installed');
  }
}

export async function startAnvil(o: AnvilOptions): Promise<Anvil> {
  const host = o.host ?? '127.0.0.1';
  const args = ['--host', host, '--port', String(o.port), '--mnemonic', DEVNET_MNEMONIC, '--chain-id', '31337', '--no-mining'];
  if (o.slotsInAnEpoch !== undefined) args.push('--slots-in-an-epoch', String(o.slotsInAnEpoch));
  if (o.stateDir !== undefined) {
    fs.mkdirSync(o.stateDir, { recursive: true });
    args.push('--state', path.join(o.stateDir, 'state.json'), '--state-interval', '5', '--preserve-historical-states');
  }
  args.push(...(o.args ?? []));
  const child = spawn(anvilBinary(), args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /Listening on [^\s:]+:(\d+)/.exec(output);
      if (m) {
        child.stdout!.off('data', onData);
        resolve(Number(m[1]));
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
    child.once('exit', (code) => reject(new Error(`anvil exited (${code}) before listening: ${output.slice(-2000)}`)));
    child.once('error', reject);
  });
  // Keep draining its output so that a full pipe never stalls it.
  child.stdout!.resume();
  child.stderr!.resume();
  return {
    url: `http://${host}:${port}`,
    port,
    process: child,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      // SIGTERM lets anvil dump its state (--state) before it exits.
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}
