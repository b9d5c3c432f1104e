// §18 C11: the signer of the hot wallet — a local key (sandbox on 31337, or EVM_ALLOW_LOCAL_SIGNER) or
// Web3Signer's `eth_signTransaction` for EVM_HOT_ADDRESS. Every signed transaction's sender is recovered
// and compared with the hot address by the caller (C10 SIGNER_MISMATCH). No key, credential or URL beyond
// its origin appears in an error.
import { recoverTransactionAddress, toHex, type Hex, type TransactionSerializableEIP1559 } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { EvmSigner } from '../../config/evm.js';

/** What a signer is asked to sign: an EIP-1559 transaction of the hot wallet. */
export type UnsignedTransfer = Required<Pick<TransactionSerializableEIP1559, 'chainId' | 'nonce' | 'to' | 'value' | 'data' | 'gas' | 'maxFeePerGas' | 'maxPriorityFeePerGas'>>;

/**
 * What a signer answered: the signed transaction (0x hex); or it could not be reached ('unavailable': the
 * record waits and is tried again, C7); or it answered an error ('refused': the record fails "Broadcast
 * failed", C7). The message names the signer by its origin only.
 */
export type Signed = { ok: true; raw: Hex } | { ok: false; why: 'unavailable' | 'refused'; message: string };

export interface Signer {
  readonly address: `0x${string}`;
  sign(tx: UnsignedTransfer & { type?: 'eip1559' }): Promise<Signed>;
}

export function signerOf(config: EvmSigner, timeoutMs = 10_000): Signer {
  if (config.kind === 'local') {
    const account = privateKeyToAccount(config.key.reveal());
    return {
      address: account.address,
      sign: async (tx) => ({ ok: true, raw: await account.signTransaction({ ...tx, type: 'eip1559' }) }),
    };
  }
  const url = config.url;
  const origin = config.urlOrigin;
  return {
    address: config.hotAddress,
    async sign(tx): Promise<Signed> {
      const unavailable = (message: string): Signed => ({ ok: false, why: 'unavailable', message });
      const params = {
        from: config.hotAddress,
        to: tx.to,
        gas: toHex(tx.gas),
        maxFeePerGas: toHex(tx.maxFeePerGas),
        maxPriorityFeePerGas: toHex(tx.maxPriorityFeePerGas),
        value: toHex(tx.value),
        data: tx.data,
        nonce: toHex(tx.nonce),
        chainId: toHex(tx.chainId),
        type: '0x2',
      };
      let res: Response;
      try {
        res = await fetch(url.reveal(), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_signTransaction', params: [params] }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch {
        return unavailable(`the signer at ${origin} cannot be reached`);
      }
      if (res.status >= 500 || res.status === 429) return unavailable(`the signer at ${origin} answered HTTP ${res.status}`);
      let body: { result?: unknown; error?: { code?: number; message?: string } };
      try {
        body = (await res.json()) as typeof body;
      } catch {
        return unavailable(`the signer at ${origin} answered HTTP ${res.status} without JSON`);
      }
      if (body.error || typeof body.result !== 'string' || !/^0x[0-9a-fA-F]+$/.test(body.result))
        // The signer's own message may quote the request; only its code is kept.
        return { ok: false, why: 'refused', message: `the signer at ${origin} refused to sign (HTTP ${res.status}${body.error?.code !== undefined ? `, code ${body.error.code}` : ''})` };
      return { ok: true, raw: body.result as Hex };
    },
  };
}

/** C10: the sender recovered from signed bytes (EIP-55). */
export const recoveredSender = (raw: Hex): Promise<`0x${string}`> => recoverTransactionAddress({ serializedTransaction: raw as `0x02${string}` });
