// §8, §10.2 operator actions (partnerctl and the development demo): partner clients, secrets, routes.
// Each runs in one transaction of the engine's writer, on either engine. A route may join the EVM rail
// (§18 C1), so these sit above both modules; the areas' own actions are in src/modules/<area>/operators.ts.
import { findClient } from '../db/clients-repository.js';
import {
  findRoute,
  insertRoute,
  scalesOfCurrency,
  setRouteEnabled,
  updateRoute,
  findEvmRouteByToken,
  routeHasRecords,
  nativeCurrencyFault,
  reservedCurrencyFault,
  symbolFault,
  type RouteChange,
  type RouteRow,
} from '../modules/routes/index.js';
import { allocateEvmAddressesOf, chainOf, DecimalsRefused, DEPOSIT_XPUB_MISMATCH, depositXpubMismatch, evmRoutesKey, requireChainId, tokenDecimalsOf, tokenSymbolOf } from '../modules/evm/index.js';
import type { EvmConfig } from '../config/evm.js';
import type { Exec } from '../db/exec.js';
import { getAddress, isAddress } from 'viem';
import { isBlockchain } from '../core/addresses/index.js';
import { AMOUNT_PATTERN } from '../core/validate.js';
import { RAILS } from './choices.js';
import { OperatorError, OperatorRefusal, type Operated } from '../core/command.js';

export { OperatorError, OperatorRefusal, type Operated } from '../core/command.js';
export { createClient, freshDemoSecret, newSecret, retireOldestSecret, rotateSecret, setClientLimit } from './clients.js';

const now = () => new Date().toISOString();
export { RAILS } from './choices.js';

export type RouteOptions = {
  code: string;
  clientId: string;
  blockchain: string;
  currency: string;
  scale: number;
  minMinor?: string;
  maxMinor?: string;
  feeMinor?: string;
  /** §10.2: deposits at or above it wait for Travel Rule information. */
  travelRuleThresholdMinor?: string;
  disabled?: boolean;
  /** §18 C1: SANDBOX (default) or EVM. */
  rail?: 'SANDBOX' | 'EVM';
  /** §16.6 / C1: the ERC-20 contract of an ETH route; absent (or null, `none`): native ETH on EVM. */
  tokenContract?: string | null;
};

/** What partnerctl reaches the chain and derives addresses with (§18.4: its own EVM_* variables). */
export type EvmReach = Pick<EvmConfig, 'rpcUrls' | 'rpcOrigins' | 'chainId' | 'depositXpub'>;

const AMOUNT_FLAGS = [
  ['min-minor', 'minMinor'],
  ['max-minor', 'maxMinor'],
  ['fee-minor', 'feeMinor'],
  ['travel-rule-threshold-minor', 'travelRuleThresholdMinor'],
] as const;

/** Amount flags are digits in minor units, and a given min does not exceed a given max (usage errors). */
function checkAmounts(o: Partial<Record<(typeof AMOUNT_FLAGS)[number][1], string | null>>): void {
  for (const [flag, name] of AMOUNT_FLAGS) {
    const v = o[name];
    if (v !== undefined && v !== null && !AMOUNT_PATTERN.test(v)) throw new OperatorError(`--${flag} must be digits in minor units`);
  }
  if (typeof o.minMinor === 'string' && typeof o.maxMinor === 'string' && BigInt(o.minMinor) > BigInt(o.maxMinor))
    throw new OperatorError('--min-minor must not exceed --max-minor');
}

/** `--rail`: SANDBOX or EVM (a usage error otherwise). */
function checkRail(rail: string | undefined): void {
  if (rail !== undefined && !(RAILS as readonly string[]).includes(rail)) throw new OperatorError(`--rail must be one of ${RAILS.join(', ')}`);
}

/** §16.6 `--token-contract A`: a valid ETH address, stored EIP-55 (usage error otherwise); null stays null. */
function tokenContractOf(raw: string | null | undefined): string | null | undefined {
  if (raw === undefined || raw === null) return raw;
  if (!isAddress(raw.trim(), { strict: false })) throw new OperatorError('--token-contract must be an Ethereum address (0x and 40 hex digits) or none');
  return getAddress(raw.trim());
}

/** C1 uq_evm_route_token's key: the lower-case contract, or "native". */
const tokenKeyOf = (contract: string | null) => contract?.toLowerCase() ?? 'native';

const refuseRailOff = () =>
  new OperatorRefusal('VALIDATION_FAILED', 'the EVM rail is not configured for partnerctl: set EVM_RPC_URLS, EVM_CHAIN_ID and EVM_DEPOSIT_XPUB (or EVM_DEVNET=true)');

/**
 * C12: the token's decimals (18 native), read through partnerctl's EVM_* settings before any write
 * transaction (no network call inside one); `scale` may not exceed them. §18.6: a token's `symbol()`,
 * read with them, is the route's `currency` (after upper-casing). Every fault → VALIDATION_FAILED.
 */
async function decimalsFor(evm: EvmReach | undefined, contract: string | null, scale: number, currency: string): Promise<number> {
  const chain = evm ? chainOf(evm) : undefined;
  if (!evm || !chain || !evm.depositXpub) throw refuseRailOff();
  try {
    await requireChainId(chain, evm.chainId, evm.rpcOrigins);
    const decimals = await tokenDecimalsOf(chain, contract);
    if (scale > decimals) throw new DecimalsRefused(`--scale ${scale} is above the token's ${decimals} decimals`);
    if (contract !== null) {
      const symbol = await tokenSymbolOf(chain, contract).catch((e: unknown) => {
        // §18.6: a failed call is refused naming the currency it was to be compared with.
        throw e instanceof DecimalsRefused ? new DecimalsRefused(`${e.message}; the currency ${currency} cannot be compared with it`) : e;
      });
      const fault = symbolFault(currency, contract, symbol);
      if (fault) throw new DecimalsRefused(fault);
    }
    return decimals;
  } catch (e) {
    if (e instanceof DecimalsRefused) throw new OperatorRefusal('VALIDATION_FAILED', e.message);
    throw e;
  }
}

/** C2, C4 (settled): partnerctl derives addresses only with the xpub the database's rail derives them with. */
async function requireDepositXpub(tx: Exec, evm: EvmReach | undefined): Promise<void> {
  if (evm?.depositXpub && (await depositXpubMismatch(tx, evm.depositXpub.reveal()))) throw new OperatorRefusal('VALIDATION_FAILED', DEPOSIT_XPUB_MISMATCH);
}

/** C1: among the partner's EVM routes one per token, at most one native (uq_evm_route_token). */
async function requireTokenFree(tx: Exec, clientId: string, contract: string | null): Promise<void> {
  const other = await findEvmRouteByToken(tx, clientId, tokenKeyOf(contract));
  if (other)
    throw new OperatorRefusal(
      'VALIDATION_FAILED',
      `${clientId} already has EVM route ${other.routeCode} for ${contract === null ? 'native ETH' : contract}: one EVM route per token (uq_evm_route_token)`,
    );
}

/** On PostgreSQL a race on uq_evm_route_token is run again and refused above; what still fails on it is the same refusal. */
async function guardTokenIndex<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (e) {
    if (/uq_evm_route_token|routes\.client_id, routes\.evm_token_key/.test(`${(e as Error).message} ${(e as { constraint?: string }).constraint ?? ''} ${String((e as Error).cause ?? '')}`))
      throw new OperatorRefusal('VALIDATION_FAILED', 'another EVM route of this partner has the same token (uq_evm_route_token)');
    throw e;
  }
}

/** A route as partnerctl prints it: its columns, `rail`, `tokenContract` (EIP-55 or null) and `tokenDecimals` (null on SANDBOX). */
export function routeView(row: RouteRow) {
  const { evmTokenKey: _key, ...view } = row;
  return view;
}

/** §18.4: a route's rail is EVM only on an ETH route. */
function requireEthFor(what: string, blockchain: string): void {
  if (blockchain !== 'ETH') throw new OperatorRefusal('VALIDATION_FAILED', `${what} is for ETH routes only; this route's blockchain is ${blockchain}`);
}

export async function createRoute(db: Operated, o: RouteOptions, evm?: EvmReach) {
  if (!/^[A-Za-z0-9._-]{1,64}$/.test(o.code)) throw new OperatorError('route code must be 1–64 characters of [A-Za-z0-9._-]');
  if (!isBlockchain(o.blockchain)) throw new OperatorError('blockchain must be one of ETH, TRON, BTC, SOL');
  if (!/^[A-Z0-9]{1,16}$/.test(o.currency)) throw new OperatorError('currency must be 1–16 upper-case letters or digits');
  if (!Number.isInteger(o.scale) || o.scale < 0 || o.scale > 36) throw new OperatorError('scale must be an integer 0–36');
  checkAmounts(o);
  checkRail(o.rail);
  const rail = o.rail ?? 'SANDBOX';
  const tokenContract = tokenContractOf(o.tokenContract) ?? null;
  // §14.1 / §16.8: EUR and USD are refused on every route, whatever its rail.
  const reserved = reservedCurrencyFault(o.currency);
  if (reserved) throw new OperatorRefusal('VALIDATION_FAILED', reserved);
  if (rail === 'EVM') requireEthFor('--rail EVM', o.blockchain);
  if (tokenContract !== null) requireEthFor('--token-contract', o.blockchain);
  // §18.6: a native EVM route moves ETH, so its currency is ETH (a token's is checked against symbol() below).
  const native = rail === 'EVM' && tokenContract === null ? nativeCurrencyFault(o.currency) : undefined;
  if (native) throw new OperatorRefusal('VALIDATION_FAILED', native);
  const refusals = async (tx: Exec) => {
    if (!(await findClient(tx, o.clientId))) throw new OperatorRefusal('NOT_FOUND', `client ${o.clientId} does not exist`);
    if (await findRoute(tx, o.code, o.clientId)) throw new OperatorRefusal('VALIDATION_FAILED', `route ${o.code} is already mapped to ${o.clientId}`);
    // §10.2 (D6): one balance per (customer, currency) across routes, so one scale per currency.
    const other = (await scalesOfCurrency(tx, o.currency)).find((s) => s !== o.scale);
    if (other !== undefined)
      throw new OperatorRefusal('VALIDATION_FAILED', `routes of ${o.currency} have scale ${other}; --scale ${o.scale} is refused`);
    if (rail === 'EVM') {
      await requireTokenFree(tx, o.clientId, tokenContract);
      await requireDepositXpub(tx, evm);
    }
  };
  let tokenDecimals: number | null = null;
  if (rail === 'EVM') {
    // The database's refusals first (no chain call for a route that cannot be made), then C12's read.
    await db.writer.run(refusals);
    tokenDecimals = await decimalsFor(evm, tokenContract, o.scale, o.currency);
  }
  const write = db.writer.run(
    async (tx) => {
      await refusals(tx);
      const t = now();
      await insertRoute(tx, {
        routeCode: o.code,
        clientId: o.clientId,
        blockchain: o.blockchain,
        currency: o.currency,
        currencyScale: o.scale,
        minAmountMinor: o.minMinor ?? null,
        maxAmountMinor: o.maxMinor ?? null,
        feeAmountMinor: o.feeMinor ?? '0',
        travelRuleThresholdMinor: o.travelRuleThresholdMinor ?? null,
        enabled: !o.disabled,
        createdAt: t,
        updatedAt: t,
        rail,
        tokenContract,
        tokenDecimals,
        evmTokenKey: rail === 'EVM' ? tokenKeyOf(tokenContract) : null,
      });
      // C4: the partner's customers without an address get theirs, in this transaction.
      if (rail === 'EVM') await allocateEvmAddressesOf(tx, o.clientId, evm!.depositXpub!.reveal(), t);
      return routeView((await findRoute(tx, o.code, o.clientId))!);
    },
    rail === 'EVM' ? { exclusive: evmRoutesKey(o.clientId) } : undefined,
  );
  return guardTokenIndex(write);
}

export type RouteUpdate = {
  code: string;
  clientId: string;
  feeMinor?: string;
  minMinor?: string;
  maxMinor?: string;
  /** null: deposits on the route are never held for the Travel Rule. */
  travelRuleThresholdMinor?: string | null;
  /** §18 C1: EVM turns a SANDBOX route into an EVM one; an EVM route's rail never changes. */
  rail?: 'SANDBOX' | 'EVM';
  /** §16.6: the route's ERC-20 contract; null (`none`) removes it. An EVM route's never changes. */
  tokenContract?: string | null;
};

/**
 * §10.2: changes one partner's mapping of a route (later drafts and quotes see it); the route after it.
 * §18 C1: `--rail EVM` makes a SANDBOX route EVM while nothing exists on it (decimals read first, C12;
 * the partner's customers get their addresses, C4); an EVM route's rail and tokenContract never change.
 */
export async function updateRouteOf(db: Operated, o: RouteUpdate, evm?: EvmReach) {
  checkAmounts(o);
  checkRail(o.rail);
  const tokenContract = tokenContractOf(o.tokenContract);
  const set: RouteChange = { updatedAt: now() };
  if (o.feeMinor !== undefined) set.feeAmountMinor = o.feeMinor;
  if (o.minMinor !== undefined) set.minAmountMinor = o.minMinor;
  if (o.maxMinor !== undefined) set.maxAmountMinor = o.maxMinor;
  if (o.travelRuleThresholdMinor !== undefined) set.travelRuleThresholdMinor = o.travelRuleThresholdMinor;
  if (Object.keys(set).length === 1 && o.rail === undefined && tokenContract === undefined)
    throw new OperatorError('nothing to update: give --fee-minor, --min-minor, --max-minor, --travel-rule-threshold-minor, --token-contract or --rail');
  /** The refusals of the rail and token flags against the route as it is; whether it becomes EVM. */
  const railRefusals = async (tx: Exec, route: RouteRow): Promise<boolean> => {
    if (route.rail === 'EVM') {
      if (o.rail !== undefined) throw new OperatorRefusal('INVALID_STATE', `route ${o.code} is an EVM route: its rail never changes`);
      if (tokenContract !== undefined && tokenKeyOf(tokenContract) !== route.evmTokenKey)
        throw new OperatorRefusal('INVALID_STATE', `route ${o.code} is an EVM route: its tokenContract never changes`);
      return false;
    }
    if (tokenContract !== undefined && tokenContract !== null) requireEthFor('--token-contract', route.blockchain);
    if (o.rail !== 'EVM') return false;
    requireEthFor('--rail EVM', route.blockchain);
    // §14.1 / §18.6: a route stored before these rules cannot become an EVM route in a currency they refuse.
    const reserved = reservedCurrencyFault(route.currency);
    if (reserved) throw new OperatorRefusal('VALIDATION_FAILED', reserved);
    const contract = tokenContract === undefined ? route.tokenContract : tokenContract;
    const native = contract === null ? nativeCurrencyFault(route.currency) : undefined;
    if (native) throw new OperatorRefusal('VALIDATION_FAILED', native);
    if (await routeHasRecords(tx, o.code, o.clientId))
      throw new OperatorRefusal('INVALID_STATE', `route ${o.code} already has deposits, withdrawals, refunds or collection wallets of ${o.clientId}: --rail EVM only on a route nothing exists on`);
    await requireTokenFree(tx, o.clientId, contract);
    await requireDepositXpub(tx, evm);
    return true;
  };
  const found = async (tx: Exec) => {
    const route = await findRoute(tx, o.code, o.clientId);
    if (!route) throw new OperatorRefusal('NOT_FOUND', `route ${o.code} is not mapped to ${o.clientId}`);
    return route;
  };
  // C12: the decimals of the token the route will move, read before the write transaction.
  let evmDecimals: { contract: string | null; decimals: number } | undefined;
  if (o.rail === 'EVM') {
    const before = await db.writer.run(async (tx) => {
      const route = await found(tx);
      return (await railRefusals(tx, route)) ? route : undefined;
    });
    if (before) {
      const contract = tokenContract === undefined ? before.tokenContract : tokenContract;
      evmDecimals = { contract, decimals: await decimalsFor(evm, contract, before.currencyScale, before.currency) };
    }
  }
  const write = db.writer.run(
    async (tx) => {
      const route = await found(tx);
      const min = set.minAmountMinor !== undefined ? set.minAmountMinor : route.minAmountMinor;
      const max = set.maxAmountMinor !== undefined ? set.maxAmountMinor : route.maxAmountMinor;
      if (min !== null && max !== null && BigInt(min) > BigInt(max))
        throw new OperatorRefusal('VALIDATION_FAILED', `the route's minimum ${min} would exceed its maximum ${max}`);
      const toEvm = await railRefusals(tx, route);
      if (route.rail === 'SANDBOX' && tokenContract !== undefined) set.tokenContract = tokenContract;
      if (toEvm) {
        const contract = tokenContract === undefined ? route.tokenContract : tokenContract;
        // The route changed between the read of its decimals and now: not what was read.
        if (!evmDecimals || tokenKeyOf(evmDecimals.contract) !== tokenKeyOf(contract))
          throw new OperatorRefusal('INVALID_STATE', `route ${o.code} changed meanwhile: run the command again`);
        Object.assign(set, { rail: 'EVM', tokenContract: contract, tokenDecimals: evmDecimals.decimals, evmTokenKey: tokenKeyOf(contract) });
      }
      const updated = (await updateRoute(tx, o.code, o.clientId, set))!;
      // C4: the partner's customers without an address get theirs, in this transaction.
      if (toEvm) await allocateEvmAddressesOf(tx, o.clientId, evm!.depositXpub!.reveal(), set.updatedAt);
      return routeView(updated);
    },
    o.rail === 'EVM' ? { exclusive: evmRoutesKey(o.clientId) } : undefined,
  );
  return guardTokenIndex(write);
}

export async function setRouteState(db: Operated, code: string, enabled: boolean) {
  const changed = await db.writer.run((tx) => setRouteEnabled(tx, code, enabled, now()));
  if (changed === 0) throw new OperatorRefusal('NOT_FOUND', `route ${code} does not exist`);
  return { routeCode: code, enabled, mappings: changed };
}
