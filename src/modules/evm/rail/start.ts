// §18 C2: the rail's start, before the server listens. Every EVM_RPC_URLS entry is asked eth_chainId
// (another id is fatal, an unreachable one is logged and skipped, one at least must answer); then, in one
// transaction, the rail's identity is stored on its first start (chain id, xpub fingerprint, hot address,
// the hot address's nonce counter, the follower's position) or checked against it on later starts.
// Without EVM_RPC_URLS a database holding EVM routes is halted with RAIL_OFF (C10); a start with the rail
// configured lifts that halt. Only URL origins are ever shown (C11).
import type { Logger } from 'pino';
import type { Config } from '../../../config.js';
import type { Engine } from '../../../db/engine.js';
import { anyEvmRoute } from '../../routes/index.js';
import { xpubFingerprint } from '../addresses/derivation.js';
import { chainAt } from '../chain.js';
import { allocateMissingEvmAddresses } from '../addresses/allocation.js';
import { DEPOSIT_XPUB_MISMATCH, depositXpubMismatch } from '../addresses/xpub-check.js';
import { deleteHalt, ensureFollower, ensureNonceCounter, findHalt, findRail, insertHalt, saveRail } from './repository.js';
import { reportMisconfiguredRoutes } from './route-checks.js';
import { countInflight } from './status-repository.js';

/** A start the operator must fix (configuration against the chain or the database): `Cannot start: <message>`. */
export class RailStartError extends Error {
  override name = 'RailStartError';
}

export type RailStarted =
  | { on: false; halted: boolean }
  | { on: true; chainId: number; hotAddress: `0x${string}`; /** The origins that answered, in list order. */ origins: string[] };

/** How long one URL may take to answer eth_chainId at start. */
const PROBE_TIMEOUT_MS = 5_000;

export async function startRail(config: Config, engine: Pick<Engine, 'read' | 'writer'>, logger: Logger, clock: () => Date = () => new Date()): Promise<RailStarted> {
  const evm = config.evm;
  if (evm.rpcUrls.length === 0) {
    // C2, C4 (settled): a server without the rail still derives addresses (createCustomer) when it has an xpub.
    if (evm.depositXpub && (await engine.writer.run((x) => depositXpubMismatch(x, evm.depositXpub!.reveal())))) throw new RailStartError(DEPOSIT_XPUB_MISMATCH);
    // C2: records on EVM routes wait as if halted (C10 RAIL_OFF) until the rail is configured.
    const halted = await engine.writer.run(async (x) => {
      if (!(await anyEvmRoute(x))) return false;
      await insertHalt(x, { reason: 'RAIL_OFF', since: clock().toISOString(), detail: 'EVM_RPC_URLS is not set' });
      return true;
    });
    if (halted) logger.warn({ reason: 'RAIL_OFF' }, 'EVM routes exist but EVM_RPC_URLS is not set: the EVM rail is halted (RAIL_OFF)');
    // §18.6: routes that break the currency rules, named at every start (tokens' symbols need the rail).
    await reportMisconfiguredRoutes(engine, undefined, logger);
    return { on: false, halted };
  }
  const chainId = evm.chainId!;
  const signer = evm.signer!;
  const xpub = evm.depositXpub!;

  // Outside any transaction: network calls.
  const answering: string[] = [];
  const origins: string[] = [];
  for (const [k, secret] of evm.rpcUrls.entries()) {
    const origin = evm.rpcOrigins[k]!;
    let got: number;
    try {
      got = await chainAt([secret.reveal()], { timeoutMs: PROBE_TIMEOUT_MS, retryCount: 0 }).getChainId();
    } catch {
      // viem's error names the whole URL: only the origin is logged (C11).
      logger.warn({ rpc: origin, index: k }, `EVM_RPC_URLS[${k}] (${origin}) did not answer eth_chainId: skipped`);
      continue;
    }
    if (got !== chainId) throw new RailStartError(`EVM_RPC_URLS[${k}] (${origin}) is chain ${got}, not EVM_CHAIN_ID ${chainId}`);
    answering.push(secret.reveal());
    origins.push(origin);
  }
  if (answering.length === 0) throw new RailStartError(`none of EVM_RPC_URLS answered eth_chainId (${evm.rpcOrigins.join(', ')})`);
  const chain = chainAt(answering, { timeoutMs: PROBE_TIMEOUT_MS });
  const hot = signer.hotAddress;
  let head: number;
  let hotCount: number;
  try {
    [head, hotCount] = await Promise.all([
      chain.getBlockNumber({ cacheTime: 0 }).then(Number),
      chain.getTransactionCount({ address: hot, blockTag: 'latest' }),
    ]);
  } catch {
    throw new RailStartError(`EVM_RPC_URLS: the node stopped answering during the start (${origins.join(', ')})`);
  }

  const fingerprint = xpubFingerprint(xpub.reveal());
  await engine.writer.run(async (x) => {
    const at = clock().toISOString();
    const rail = await findRail(x);
    if (!rail) {
      // C4 (settled): addresses allocated before the first start (partnerctl) are this xpub's.
      if (await depositXpubMismatch(x, xpub.reveal())) throw new RailStartError(DEPOSIT_XPUB_MISMATCH);
      await saveRail(x, { chainId, xpubFingerprint: fingerprint, hotAddress: hot, createdAt: at, updatedAt: at });
    } else {
      if (rail.chainId !== chainId) throw new RailStartError(`EVM_CHAIN_ID is ${chainId}, but this database's EVM rail is chain ${rail.chainId}`);
      if (rail.xpubFingerprint !== fingerprint) throw new RailStartError("EVM_DEPOSIT_XPUB is not the deposit key this database's EVM rail was started with");
      if (rail.hotAddress !== hot) {
        // C2: another hot address only when nothing the old one signed can still land (C9's counter is per address).
        const inflight = await countInflight(x);
        if (inflight > 0)
          throw new RailStartError(
            `EVM_SIGNER: the hot address ${hot} is not ${rail.hotAddress}, the one this database's EVM rail signs with, and ${inflight} of its transfers are not final yet`,
          );
        await saveRail(x, { ...rail, hotAddress: hot, updatedAt: at });
      }
    }
    // C9: the counter starts at the address's count at `latest`; C6: the follower reads from the head.
    await ensureNonceCounter(x, hot, hotCount, at);
    await ensureFollower(x, head, at);
    // C10: RAIL_OFF is lifted only by configuring the rail; other reasons stay for `rail resume`.
    if ((await findHalt(x))?.reason === 'RAIL_OFF') await deleteHalt(x);
  });
  // C4 (settled): customers created by a process without the rail get their addresses before the first poll.
  const allocated = await allocateMissingEvmAddresses(engine.writer, xpub.reveal(), clock().toISOString());
  if (allocated > 0) logger.info({ allocated }, 'EVM deposit addresses allocated to customers created without the rail');
  logger.info({ chainId, hotAddress: hot, rpc: origins }, 'EVM rail started');
  try {
    await reportMisconfiguredRoutes(engine, chain, logger);
  } catch {
    // symbol() could not be read: the sender checks each route again before it signs anything for it.
    logger.warn({ rpc: origins }, 'EVM node stopped answering while the routes were checked; the sender checks them before signing');
  }
  return { on: true, chainId, hotAddress: hot, origins };
}
