// A faulty JSON-RPC node in front of anvil (§18 C2, C6): forwards every request, except those a test
// arms a fault for — an HTTP 429, a delay past the client's timeout, or the answers of a lagging node
// (`[]` to eth_getLogs, null to eth_getBlockByNumber / eth_getBlockByHash), or a provider's limit on the
// blocks of an eth_getLogs range (a JSON-RPC -32005 error above `maxBlocks`, as hosted nodes answer), a null
// receipt for one transaction (a node that has not indexed it), or any JSON-RPC error in an HTTP 200, or a
// request held unanswered and never forwarded (a process killed while it waits on the node). Each
// fault answers `times` matching requests, then the proxy forwards again. It keeps the eth_getLogs
// requests it saw, for tests of the follower's queries.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Fault =
  | { kind: '429' }
  | { kind: 'delay'; ms: number }
  | { kind: 'empty-logs' }
  | { kind: 'null-block' }
  | { kind: 'range-limit'; maxBlocks: number }
  | { kind: 'null-receipt'; txHash: string }
  | { kind: 'rpc-error'; code: number; message: string }
  | { kind: 'hold' };

/** An eth_getLogs request as the proxy saw it: by block hash, or a range of block numbers. */
export type LogQuery = { blockHash: string } | { fromBlock: number; toBlock: number };
type RpcRequest = { id: unknown; method: string; params?: unknown[] };

type Armed = { fault: Fault; method: string | '*'; left: number };

function logQueryOf(r: RpcRequest): LogQuery | undefined {
  if (r.method !== 'eth_getLogs') return undefined;
  const filter = (r.params?.[0] ?? {}) as { blockHash?: string; fromBlock?: string; toBlock?: string };
  if (filter.blockHash) return { blockHash: filter.blockHash };
  return { fromBlock: Number(filter.fromBlock), toBlock: Number(filter.toBlock) };
}

const answers = (f: Fault, r: RpcRequest): boolean => {
  if (f.kind === 'range-limit') {
    const q = logQueryOf(r);
    return q !== undefined && 'fromBlock' in q && q.toBlock - q.fromBlock + 1 > f.maxBlocks;
  }
  if (f.kind === 'null-receipt') return r.method === 'eth_getTransactionReceipt' && String(r.params?.[0]).toLowerCase() === f.txHash.toLowerCase();
  return f.kind === '429' || f.kind === 'hold' || f.kind === 'rpc-error' || f.kind === 'delay' || (f.kind === 'empty-logs' && r.method === 'eth_getLogs') || (f.kind === 'null-block' && r.method.startsWith('eth_getBlockBy'));
};

export type RpcProxy = {
  url: string;
  /** Arms a fault for the next `times` requests of `method` ('*': any). */
  fail(fault: Fault, times: number, method?: string): void;
  /** Disarms every fault. */
  clear(): void;
  /** Resolves once a request of `method` is held by a 'hold' fault (at once if one was already). */
  held(method: string): Promise<void>;
  /** How many requests a fault answered so far. */
  readonly faulted: number;
  /** The eth_getLogs requests seen so far (those a fault answered included), in order. */
  readonly logQueries: LogQuery[];
  close(): Promise<void>;
};

export async function startRpcProxy(target: string): Promise<RpcProxy> {
  const armed: Armed[] = [];
  let faulted = 0;
  const logQueries: LogQuery[] = [];
  const heldMethods = new Set<string>();
  const holdWaiters: { method: string; resolve: () => void }[] = [];
  const take = (r: RpcRequest): Fault | undefined => {
    const a = armed.find((x) => x.left > 0 && (x.method === '*' || x.method === r.method) && answers(x.fault, r));
    if (!a) return undefined;
    a.left -= 1;
    faulted += 1;
    return a.fault;
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const parsed = JSON.parse(body) as RpcRequest | RpcRequest[];
        // A batch is answered by the first of its requests' faults (viem sends single requests here).
        const first = Array.isArray(parsed) ? parsed[0]! : parsed;
        const query = logQueryOf(first);
        if (query) logQueries.push(query);
        const fault = take(first);
        if (fault?.kind === 'hold') {
          // Neither answered nor forwarded: the caller waits until it gives up or dies.
          heldMethods.add(first.method);
          for (const w of holdWaiters.filter((x) => x.method === first.method)) w.resolve();
          return;
        }
        if (fault?.kind === '429') {
          res.writeHead(429, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: first.id, error: { code: -32005, message: 'rate limited' } }));
          return;
        }
        if (fault?.kind === 'range-limit') {
          const error = { code: -32005, message: `query exceeds max block range ${fault.maxBlocks}` };
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: first.id, error }));
          return;
        }
        if (fault?.kind === 'rpc-error') {
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: first.id, error: { code: fault.code, message: fault.message } }));
          return;
        }
        if (fault?.kind === 'empty-logs' || fault?.kind === 'null-block' || fault?.kind === 'null-receipt') {
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: first.id, result: fault.kind === 'empty-logs' ? [] : null }));
          return;
        }
        if (fault?.kind === 'delay') await new Promise((r) => setTimeout(r, fault.ms));
        try {
          const upstream = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
          const text = await upstream.text();
          if (!res.destroyed) res.writeHead(upstream.status, { 'content-type': 'application/json' }).end(text);
        } catch {
          if (!res.destroyed) res.writeHead(502).end();
        }
      })();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    fail(fault, times, method = '*') {
      armed.push({ fault, method, left: times });
    },
    clear() {
      armed.length = 0;
    },
    held: (method) => (heldMethods.has(method) ? Promise.resolve() : new Promise<void>((resolve) => holdWaiters.push({ method, resolve }))),
    get faulted() {
      return faulted;
    },
    get logQueries() {
      return logQueries;
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
