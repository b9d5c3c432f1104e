// §15.4 what the hosted page shows: the checkout's values, the payment URI of its current amount due, the
// link's expiry. Never the buyer, merchantReference, description, the redirect URLs, ids or the customer.
import { paymentUriOf } from '../payment-uri.js';

/** What the page reads: the checkout's fields it may show, its route's token and rail, the link's expiry. */
export type PageSource = {
  checkout: {
    status: string;
    statusInfo: string;
    blockchain: string;
    currency: string;
    currencyScale: number;
    amountMinor: string;
    amountDueMinor: string;
    address: string;
  };
  route: { tokenContract: string | null; rail: string };
  linkExpiresAt: string;
};

/** The JSON answer, members in §15.4's order. */
export type PageView = {
  status: string;
  statusInfo: string;
  blockchain: string;
  currency: string;
  currencyScale: number;
  amountMinor: string;
  amountDueMinor: string;
  address: string;
  /** null when nothing is due. */
  paymentUri: string | null;
  expiresAt: string;
};

export function pageViewOf({ checkout: c, route, linkExpiresAt }: PageSource): PageView {
  return {
    status: c.status,
    statusInfo: c.statusInfo,
    blockchain: c.blockchain,
    currency: c.currency,
    currencyScale: c.currencyScale,
    amountMinor: c.amountMinor,
    amountDueMinor: c.amountDueMinor,
    address: c.address,
    paymentUri: c.amountDueMinor === '0' ? null : paymentUriOf({ ...c, tokenContract: route.tokenContract }),
    expiresAt: linkExpiresAt,
  };
}
