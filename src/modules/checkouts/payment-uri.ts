// §15.4 the payment URI a wallet reads: BIP-21 on BTC, EIP-681 on ETH when the route names a token
// contract, else the bare address (R15). Pure: the POS request freezes it at creation, the hosted page
// computes it from the checkout's current amount due.

/** What the URI depends on: the route's chain and token, the address as stored, the amount and its scale. */
export type PaymentUriInput = {
  blockchain: string;
  /** The route's ERC-20 contract (EIP-55), or null. */
  tokenContract: string | null;
  /** As stored (ETH in EIP-55). */
  address: string;
  amountDueMinor: string;
  currencyScale: number;
};

/** §18.6: §15 refuses EVM routes, so the chain id of EIP-681 is mainnet's, `@1`. */
const EIP681_CHAIN_ID = 1;

/** `minor` / 10^`scale` as a plain decimal (the conventions of §12–§16: no exponent, no trailing zero or point). */
export function minorToPlainDecimal(minor: string, scale: number): string {
  if (!/^(0|[1-9][0-9]*)$/.test(minor)) throw new Error('not a minor-unit amount');
  if (!Number.isInteger(scale) || scale < 0) throw new Error('not a currency scale');
  const digits = minor.padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

/** §15.4's table, row by row. */
export function paymentUriOf(p: PaymentUriInput): string {
  if (p.blockchain === 'BTC') return `bitcoin:${p.address}?amount=${minorToPlainDecimal(p.amountDueMinor, p.currencyScale)}`;
  if (p.blockchain === 'ETH' && p.tokenContract)
    return `ethereum:${p.tokenContract}@${EIP681_CHAIN_ID}/transfer?address=${p.address}&uint256=${p.amountDueMinor}`;
  return p.address;
}
