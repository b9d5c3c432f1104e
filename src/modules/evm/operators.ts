// §18.4 partnerctl's EVM rail commands (declared in cli.ts). `rail status|resume|rescan` reach the chain with
// partnerctl's own EVM_* variables (without EVM_RPC_URLS or EVM_DEVNET: exit 1 VALIDATION_FAILED) and the
// database with DATABASE_URL.
import { loadConfig } from '../../config.js';
import type { EvmConfig } from '../../config/evm.js';
import type { Engine } from '../../db/engine.js';
import { OperatorRefusal } from '../../core/command.js';
import { chainOf, RailRefusal, railStatus, resumeRail, scheduleRescan, type Chain } from './index.js';

type Db = Pick<Engine, 'writer' | 'read'>;

function chainFrom(env: NodeJS.ProcessEnv): { chain: Chain; evm: EvmConfig } {
  let evm: EvmConfig;
  try {
    evm = loadConfig(env).evm;
  } catch (e) {
    throw new OperatorRefusal('VALIDATION_FAILED', (e as Error).message);
  }
  const chain = chainOf(evm);
  if (!chain) throw new OperatorRefusal('VALIDATION_FAILED', 'the rail commands need the chain: set EVM_RPC_URLS (with EVM_CHAIN_ID, EVM_DEPOSIT_XPUB and the signer) or EVM_DEVNET=true');
  return { chain, evm };
}

const refusal = (e: unknown): never => {
  if (e instanceof RailRefusal) throw new OperatorRefusal(e.code, e.message);
  throw e;
};

export async function railStatusCommand(db: Db, env: NodeJS.ProcessEnv) {
  const { chain, evm } = chainFrom(env);
  return railStatus(db.read, chain, evm);
}

export async function railRescanCommand(db: Db, env: NodeJS.ProcessEnv, fromBlock: string) {
  if (!/^\d+$/.test(fromBlock)) throw new OperatorRefusal('VALIDATION_FAILED', `--from-block must be a block number, got ${JSON.stringify(fromBlock)}`);
  const { chain } = chainFrom(env);
  const head = Number(await chain.getBlockNumber({ cacheTime: 0 }));
  return db.writer.run((tx) => scheduleRescan(tx, head, Number(fromBlock), new Date().toISOString())).catch(refusal);
}

/** §18.4 rail resume: lifts the halt when what caused it is over; prints the status (exit 0), else exit 1. */
export async function railResumeCommand(db: Db, env: NodeJS.ProcessEnv, acceptReorg: boolean) {
  const { chain, evm } = chainFrom(env);
  await resumeRail(db, chain, evm, { acceptReorg, now: () => new Date() }).catch(refusal);
  return railStatus(db.read, chain, evm);
}
