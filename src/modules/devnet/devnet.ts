// §18 C14: the development devnet the service runs with EVM_DEVNET=true: anvil on 127.0.0.1:EVM_DEVNET_PORT
// (`--no-mining`, one slot per epoch so that `finalized` exists), its chain kept in EVM_DEVNET_STATE_DIR and
// reused on restart, the test token deployed once, and a block mined every EVM_DEVNET_BLOCK_TIME_MS.
import net from 'node:net';
import type { Logger } from 'pino';
import type { EvmDevnet } from '../../config/evm.js';
import { RailStartError } from '../evm/index.js';
import { startAnvil, type Anvil } from './anvil.js';
import { ensureDevnetToken, rpc } from './token.js';

export type RunningDevnet = {
  rpcOrigin: string;
  tokenAddress: `0x${string}`;
  stateDir: string;
  blockTimeMs: number;
  /** Stops the block timer and anvil (SIGTERM: it dumps its state first). */
  stop(): Promise<void>;
};

const HOST = '127.0.0.1';

/** Whether something already listens on the port (anvil would fail with a message of its own). */
function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', (e: NodeJS.ErrnoException) => resolve(e.code === 'EADDRINUSE'));
    probe.listen(port, HOST, () => probe.close(() => resolve(false)));
  });
}

const inUse = (port: number) =>
  new RailStartError(`EVM_DEVNET_PORT ${port} on ${HOST} is already in use (another devnet?): stop what listens there, or choose another port with EVM_DEVNET_PORT`);

export async function startDevnet(devnet: EvmDevnet, logger: Logger): Promise<RunningDevnet> {
  if (await portInUse(devnet.port)) throw inUse(devnet.port);
  let anvil: Anvil;
  try {
    anvil = await startAnvil({ port: devnet.port, host: HOST, stateDir: devnet.stateDir, slotsInAnEpoch: 1 });
  } catch (e) {
    // A race with another process for the port ends the same way.
    if (e instanceof Error && /Address already in use/i.test(e.message)) throw inUse(devnet.port);
    throw e;
  }
  let timer: NodeJS.Timeout | undefined;
  try {
    const tokenAddress = (await ensureDevnetToken(anvil.url)) as `0x${string}`;
    if (devnet.blockTimeMs > 0) {
      let mining = false;
      timer = setInterval(() => {
        if (mining) return;
        mining = true;
        rpc(anvil.url, 'evm_mine', [])
          .catch((err: unknown) => logger.debug({ err: err instanceof Error ? err.message : String(err) }, 'devnet: evm_mine failed'))
          .finally(() => (mining = false));
      }, devnet.blockTimeMs);
      timer.unref();
    }
    return {
      rpcOrigin: anvil.url,
      tokenAddress,
      stateDir: devnet.stateDir,
      blockTimeMs: devnet.blockTimeMs,
      async stop() {
        clearInterval(timer);
        await anvil.stop();
      },
    };
  } catch (e) {
    clearInterval(timer);
    await anvil.stop();
    throw e;
  }
}
