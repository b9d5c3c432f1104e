// C11: the local signer and Web3Signer's eth_signTransaction sign the same EIP-1559 transaction for the hot
// address (its sender recovered from the bytes); a signer that cannot be reached, or answers an error, says
// so without its URL's path or query; another key's signature is told apart by the recovered sender (C10).
import { parseTransaction } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Secret, devnetKey } from '../../../src/config/evm.js';
import { recoveredSender, signerOf, type Signed, type UnsignedTransfer } from '../../../src/modules/evm/signer.js';
import { startWeb3Signer, type FakeWeb3Signer } from '../../helpers/web3signer.js';

const KEY = devnetKey(0);
const HOT = privateKeyToAddress(KEY);
const tx: UnsignedTransfer = { chainId: 31337, nonce: 7, to: '0x8C8d35429F74ec245F8Ef2f4Fd1e551cFF97d650', value: 10n ** 15n, data: '0x', gas: 21000n, maxFeePerGas: 3_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n };

let fake: FakeWeb3Signer;
let impostor: FakeWeb3Signer;
beforeAll(async () => {
  [fake, impostor] = await Promise.all([startWeb3Signer(KEY), startWeb3Signer(devnetKey(5))]);
});
afterAll(async () => {
  await Promise.all([fake.close(), impostor.close()]);
});

const web3 = (url: string) => signerOf({ kind: 'web3signer', url: new Secret(`${url}/api/v1/eth1?token=SIGNERSECRET`), urlOrigin: new URL(url).origin, hotAddress: HOT }, 2000);

const rawOf = (s: Signed) => {
  if (!s.ok) throw new Error(s.message);
  return s.raw;
};

describe('signers (C11)', () => {
  it('local and Web3Signer produce the same signed bytes, recovered to the hot address', async () => {
    const local = rawOf(await signerOf({ kind: 'local', key: new Secret(KEY), hotAddress: HOT }).sign(tx));
    const remote = rawOf(await web3(fake.url).sign(tx));
    expect(remote).toBe(local);
    expect(await recoveredSender(remote)).toBe(HOT);
    expect(parseTransaction(remote)).toMatchObject({ type: 'eip1559', chainId: 31337, nonce: 7, to: tx.to!.toLowerCase(), value: tx.value, gas: 21000n });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'eth_signTransaction', params: [{ from: HOT, nonce: '0x7', chainId: '0x7a69', type: '0x2' }] });
  });

  it('another key’s signature is told apart by its recovered sender', async () => {
    expect(await recoveredSender(rawOf(await web3(impostor.url).sign(tx)))).not.toBe(HOT);
  });

  it('an error answer is refused; 503 and no answer are unavailable; no path, query or key in either', async () => {
    fake.mode = 'error';
    const failure = async (p: Promise<Signed>) => {
      const s = await p;
      if (s.ok) throw new Error('signed');
      return s;
    };
    const refused = await failure(web3(fake.url).sign(tx));
    fake.mode = 'unavailable';
    const unavailable = await failure(web3(fake.url).sign(tx));
    fake.mode = 'sign';
    const unreachable = await failure(web3('http://127.0.0.1:9').sign(tx));
    expect([refused, unavailable, unreachable].map((e) => e.why)).toEqual(['refused', 'unavailable', 'unavailable']);
    for (const e of [refused, unavailable, unreachable]) {
      expect(e.message).toMatch(/^the signer at http:\/\/127\.0\.0\.1:\d+ /);
      expect(e.message).not.toMatch(/SIGNERSECRET|api\/v1|refused \[/);
    }
  });
});
