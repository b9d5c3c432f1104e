// A stand-in for Web3Signer's `eth_signTransaction` (C11) on an ephemeral port: it signs the transaction
// it is sent with the key it holds (the key of another address, to make C10's SIGNER_MISMATCH), or answers
// as a failing signer does (a JSON-RPC error, HTTP 503); with `delayMs` it holds each signing request that
// long before answering (`held` counts those open now), as a slow or far signer does. Web3Signer itself is a Java service this machine
// cannot run; what the rail relies on is this method's request and answer, which this keeps exactly.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { hexToBigInt, hexToNumber, keccak256, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

export type SignerMode = 'sign' | 'error' | 'unavailable';

export type FakeWeb3Signer = {
  url: string;
  mode: SignerMode;
  /** How long each eth_signTransaction is held before it is answered (0: at once). */
  delayMs: number;
  /** eth_signTransaction requests received and not answered yet. */
  held: number;
  requests: unknown[];
  /** Every transaction hash the stand-in signed (whether the caller stored it or not). */
  signed: string[];
  close(): Promise<void>;
};

export async function startWeb3Signer(key: Hex): Promise<FakeWeb3Signer> {
  const account = privateKeyToAccount(key);
  const state: FakeWeb3Signer = { url: '', mode: 'sign', delayMs: 0, held: 0, requests: [], signed: [], close: async () => undefined };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      void (async () => {
        const call = JSON.parse(body) as { id: number; method: string; params: Record<string, Hex>[] };
        state.requests.push(call);
        if (call.method === 'eth_signTransaction' && state.delayMs > 0) {
          state.held += 1;
          await new Promise((r) => setTimeout(r, state.delayMs));
          state.held -= 1;
        }
        if (state.mode === 'unavailable') return res.writeHead(503).end();
        const reply = (o: object) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: call.id, ...o }));
        if (state.mode === 'error' || call.method !== 'eth_signTransaction') return reply({ error: { code: -32000, message: `refused ${JSON.stringify(call.params)}` } });
        const p = call.params[0]!;
        const raw = await account.signTransaction({
          type: 'eip1559',
          chainId: hexToNumber(p.chainId!),
          nonce: hexToNumber(p.nonce!),
          to: p.to,
          value: hexToBigInt(p.value!),
          data: p.data,
          gas: hexToBigInt(p.gas!),
          maxFeePerGas: hexToBigInt(p.maxFeePerGas!),
          maxPriorityFeePerGas: hexToBigInt(p.maxPriorityFeePerGas!),
        });
        state.signed.push(keccak256(raw));
        reply({ result: raw });
      })();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () =>
    new Promise((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
  return state;
}
