// §18 C11: the signer of the hot wallet. `local`: the key of EVM_SIGNER_KEY_FILE, signing in process (no
// network, so it may sign inside the sign-and-store transaction, C7). `web3signer` is not wired yet: its
// records wait in SCREENING as if the signer were unreachable.
import type { Hex, TransactionSerializableEIP1559 } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { EvmConfig } from '../../config/evm.js';

/** The signer could not be reached: the record stays where it is and is tried again (C7). */
export class SignerUnavailable extends Error {}

export type Signer = {
  /** The hot address (C9): the only sender the rail accepts. */
  readonly address: Hex;
  /** The signed transaction's serialisation (0x hex). */
  sign(tx: TransactionSerializableEIP1559): Promise<Hex>;
};

export function signerOf(evm: Pick<EvmConfig, 'signer'>): Signer | undefined {
  const s = evm.signer;
  if (!s) return undefined;
  if (s.kind === 'local') {
    const account = privateKeyToAccount(s.key.reveal());
    return { address: s.hotAddress, sign: (tx) => account.signTransaction(tx) };
  }
  return {
    address: s.hotAddress,
    sign: async () => {
      throw new SignerUnavailable('the web3signer signer is not available in this version');
    },
  };
}
