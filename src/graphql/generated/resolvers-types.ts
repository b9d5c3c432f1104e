import type { GraphQLResolveInfo, GraphQLScalarType, GraphQLScalarTypeConfig } from 'graphql';
import type { BankAccountView } from '../../modules/bank-accounts/rules.js';
import type { WalletBeneficiaryRow } from '../../modules/beneficiaries/tables.js';
import type { CheckoutView } from '../../modules/checkouts/rules.js';
import type { BuyerView, CollectionWalletView, CollectionPaymentView } from '../../modules/collections/rules.js';
import type { ConversionRow } from '../../modules/conversion/tables.js';
import type { CustomerView } from '../../modules/customers/tables.js';
import type { DepositView } from '../../modules/deposits/rules.js';
import type { FiatAccountApplicationView, FiatAccountView } from '../../modules/fiat-accounts/tables.js';
import type { FiatDepositView } from '../../modules/fiat-deposits/rules.js';
import type { FiatWithdrawalCapabilityView } from '../../modules/fiat-withdrawal-capabilities/tables.js';
import type { FiatWithdrawalView } from '../../modules/fiat-withdrawals/tables.js';
import type { CustomerFileView } from '../../modules/files/tables.js';
import type { CryptoRefundRow } from '../../modules/refunds/tables.js';
import type { CryptoWithdrawalRow } from '../../modules/withdrawals/tables.js';
import type { CallContext } from '../../core/context.js';
export type Maybe<T> = T | null;
export type InputMaybe<T> = Maybe<T>;
export type Omit<T, K extends keyof T> = Pick<T, Exclude<keyof T, K>>;
export type RequireFields<T, K extends keyof T> = Omit<T, K> & { [P in K]-?: NonNullable<T[P]> };
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string; }
  String: { input: string; output: string; }
  Boolean: { input: boolean; output: boolean; }
  Int: { input: number; output: number; }
  Float: { input: number; output: number; }
  /** UTC date-time; output is always YYYY-MM-DDTHH:mm:ss.sssZ (contract §4). */
  DateTime: { input: Date; output: Date | string; }
  /** A JSON object (graphql-scalars JSONObject): an event's data (contract §11.1). */
  JSONObject: { input: Record<string, unknown>; output: Record<string, unknown>; }
  /** A JSON object whose values are all strings (contract §4); anything else is refused. */
  StringMap: { input: Record<string, string>; output: Record<string, string>; }
  /** RFC 4122 UUID, in its canonical textual form. */
  UUID: { input: string; output: string; }
};

export type ActivateFiatWithdrawalCapabilityInput = {
  /** Minor units of the rail's currency, > 0. */
  expectedMonthlyVolumeMinor: Scalars['String']['input'];
  /** 1–500 characters. */
  withdrawalPurpose: Scalars['String']['input'];
};

export type AdditionalInformationItemInput = {
  /** FILE items: 1–10 files of the customer (§12.2), each UPLOADED or LINKED. */
  fileIds?: InputMaybe<Array<Scalars['UUID']['input']>>;
  key: AdditionalInformationKey;
  /** TEXT items: 1–2000 characters. */
  text?: InputMaybe<Scalars['String']['input']>;
};

/** §14.3 what a review may ask for. */
export type AdditionalInformationKey =
  | 'BUSINESS_DESCRIPTION'
  | 'EXPECTED_MONTHLY_VOLUME'
  | 'INVOICE_FILE'
  | 'PAYMENT_PURPOSE_DETAIL'
  | 'PROOF_OF_ADDRESS_FILE'
  | 'RELATIONSHIP_TO_BENEFICIARY'
  | 'SOURCE_OF_FUNDS'
  | 'SOURCE_OF_FUNDS_FILE';

/** §14.3: TEXT is answered with `text`, FILE with `fileIds`. */
export type AdditionalInformationKind =
  | 'FILE'
  | 'TEXT';

/** Contract §14.5. */
export type BankAccountHolderAddress = {
  __typename?: 'BankAccountHolderAddress';
  city: Scalars['String']['output'];
  country: Scalars['String']['output'];
  line1: Scalars['String']['output'];
  line2?: Maybe<Scalars['String']['output']>;
  postalCode: Scalars['String']['output'];
  region?: Maybe<Scalars['String']['output']>;
};

/** Contract §14.5: the holder's address; required to pay by WIRE. */
export type BankAccountHolderAddressInput = {
  /** 1–100 characters. */
  city: Scalars['String']['input'];
  /** ISO 3166-1 alpha-2. */
  country: Scalars['String']['input'];
  /** 1–140 characters. */
  line1: Scalars['String']['input'];
  /** At most 140 characters. */
  line2?: InputMaybe<Scalars['String']['input']>;
  /** 1–20 characters. */
  postalCode: Scalars['String']['input'];
  /** At most 100 characters. */
  region?: InputMaybe<Scalars['String']['input']>;
};

/** Contract §14.5: IBAN (SEPA, EUR) or US_ABA (ACH and WIRE, USD). */
export type BankAccountType =
  | 'IBAN'
  | 'US_ABA';

/** Contract §15.6: what a payment paid into. */
export type CollectionPaymentTargetType =
  | 'CHECKOUT'
  | 'COLLECTION_WALLET';

export type ConfirmCryptoRefundInput = {
  operationAuthorization: OperationAuthorizationInput;
};

/** Contract §13.2: which amount the partner fixed; the other is computed. */
export type ConversionFixedSide =
  | 'SOURCE'
  | 'TARGET';

/** Contract §14.5. */
export type CreateBankAccountInput = {
  /** US_ABA: required, 4–17 digits; IBAN: refused. */
  accountNumber?: InputMaybe<Scalars['String']['input']>;
  accountType: BankAccountType;
  /** At most 140 characters. */
  bankName?: InputMaybe<Scalars['String']['input']>;
  /** IBAN accounts: optional; US_ABA: refused. */
  bic?: InputMaybe<Scalars['String']['input']>;
  /** EUR with IBAN, USD with US_ABA. */
  currency: Scalars['String']['input'];
  /** Required to pay by WIRE. */
  holderAddress?: InputMaybe<BankAccountHolderAddressInput>;
  /** ISO 3166-1 alpha-2. */
  holderCountry: Scalars['String']['input'];
  /** 1–140 characters. */
  holderName: Scalars['String']['input'];
  /** INDIVIDUAL or CORPORATE. */
  holderType: Scalars['String']['input'];
  /** IBAN accounts: required (upper case, spaces removed before the checks); US_ABA: refused. */
  iban?: InputMaybe<Scalars['String']['input']>;
  /** false: a third party's account. */
  isOwner: Scalars['Boolean']['input'];
  /** At most 100 characters. */
  label?: InputMaybe<Scalars['String']['input']>;
  /** 1–500 characters; required with relationshipWithThirdParty 99. */
  otherRelationship?: InputMaybe<Scalars['String']['input']>;
  /** A code of relationshipWithThirdParty (codes.json); required when isOwner is false. */
  relationshipWithThirdParty?: InputMaybe<Scalars['Int']['input']>;
  /** US_ABA: required, 9 digits with a valid ABA checksum; IBAN: refused. */
  routingNumber?: InputMaybe<Scalars['String']['input']>;
  /** US_ABA: required, CHECKING or SAVINGS; IBAN: refused. */
  usAccountKind?: InputMaybe<Scalars['String']['input']>;
};

/** Contract §15.4. */
export type CreateCheckoutLinkInput = {
  /** Later than now and at most the checkout's expiresAt; absent: the checkout's expiresAt. */
  expiresAt?: InputMaybe<Scalars['DateTime']['input']>;
};

/** Contract §15.4. */
export type CreateCheckoutPosPaymentRequestInput = {
  /** 30–900; absent: 120. */
  expiresInSeconds?: InputMaybe<Scalars['Int']['input']>;
  /** 1–64 characters. */
  terminalRef: Scalars['String']['input'];
};

/** Contract §15.5. */
export type CreateCollectionBuyerInput = {
  /** ISO 3166-1 alpha-2. */
  country?: InputMaybe<Scalars['String']['input']>;
  /** At most 254 characters, exactly one "@" with characters on both sides, no whitespace. */
  email?: InputMaybe<Scalars['String']['input']>;
  /** 1–128 characters, unique per customer. */
  externalRef: Scalars['String']['input'];
  /** 1–200 characters. */
  name: Scalars['String']['input'];
  /** INDIVIDUAL or CORPORATE. */
  type: Scalars['String']['input'];
};

/** Contract §15.5. */
export type CreateCollectionWalletInput = {
  buyerId: Scalars['UUID']['input'];
  /** More than 60 s ahead and at most COLLECTION_WALLET_MAX_TTL_DAYS ahead; absent: never expires. */
  expiresAt?: InputMaybe<Scalars['DateTime']['input']>;
  /** At most 100 characters. */
  label?: InputMaybe<Scalars['String']['input']>;
  /** 1–64 characters. */
  routeCode: Scalars['String']['input'];
};

/** Contract §13.3. */
export type CreateConversionApprovalDraftInput = {
  /** 1–128 characters, unique per customer. */
  clientReference?: InputMaybe<Scalars['String']['input']>;
  operationAuthorization: OperationAuthorizationInput;
  /** A conversion quote of this customer, OPEN. */
  quoteId: Scalars['UUID']['input'];
};

/** Contract §13.2. */
export type CreateConversionQuoteInput = {
  /** Minor units, > 0. Exactly one of sourceAmountMinor and targetAmountMinor. */
  sourceAmountMinor?: InputMaybe<Scalars['String']['input']>;
  /** 1–16 characters; a currency of one of the partner's conversion pairs. */
  sourceCurrency: Scalars['String']['input'];
  /** Minor units, > 0. Exactly one of sourceAmountMinor and targetAmountMinor. */
  targetAmountMinor?: InputMaybe<Scalars['String']['input']>;
  /** 1–16 characters, different from sourceCurrency. */
  targetCurrency: Scalars['String']['input'];
};

/** Contract §15.2. */
export type CreateCryptoCheckoutInput = {
  /** Minor units, digits only, greater than zero; within the route's minimum and maximum. */
  amountMinor: Scalars['String']['input'];
  /** An ACTIVE buyer of the customer. */
  buyerId?: InputMaybe<Scalars['UUID']['input']>;
  /** An absolute URL (https in production); stored and echoed only. */
  cancelUrl?: InputMaybe<Scalars['String']['input']>;
  /** The route's currency. */
  currency: Scalars['String']['input'];
  /** The route's currency scale. */
  currencyScale: Scalars['Int']['input'];
  /** At most 500 characters. */
  description?: InputMaybe<Scalars['String']['input']>;
  /** CHECKOUT_MIN_TTL_SECONDS–CHECKOUT_MAX_TTL_SECONDS; absent: CHECKOUT_DEFAULT_TTL_SECONDS. */
  expiresInSeconds?: InputMaybe<Scalars['Int']['input']>;
  /** 1–128 characters, unique per customer. */
  merchantReference?: InputMaybe<Scalars['String']['input']>;
  /** 1–64 characters. */
  routeCode: Scalars['String']['input'];
  /** An absolute URL (https in production); stored and echoed only. */
  successUrl?: InputMaybe<Scalars['String']['input']>;
  /** Minor units, 0 ≤ tolerance < amountMinor; absent: "0". */
  underpaymentToleranceMinor?: InputMaybe<Scalars['String']['input']>;
};

/** Contract §4.5. */
export type CreateCryptoRefundApprovalDraftInput = {
  /** Minor units, digits only. */
  amountMinor: Scalars['String']['input'];
  operationAuthorization: OperationAuthorizationInput;
  /** At most 500 characters. */
  reason?: InputMaybe<Scalars['String']['input']>;
  /** Default: the deposit's (or collection payment's) fromAddress. */
  refundAddress?: InputMaybe<Scalars['String']['input']>;
};

/** Contract §4.3. */
export type CreateCryptoWalletBeneficiaryInput = {
  /** ETH, TRON, BTC or SOL; must equal the route's blockchain. */
  blockchain: Scalars['String']['input'];
  /** At most 500 characters. */
  description?: InputMaybe<Scalars['String']['input']>;
  isOwner: Scalars['Boolean']['input'];
  /** 1–100 characters. */
  label: Scalars['String']['input'];
  /** Must hold `name` when isOwner is false. */
  ownerInfo?: InputMaybe<Scalars['StringMap']['input']>;
  /** INDIVIDUAL or CORPORATE. */
  ownerType: Scalars['String']['input'];
  /** Required when walletType is VASP_WALLET. */
  platformName?: InputMaybe<Scalars['String']['input']>;
  platformUserId?: InputMaybe<Scalars['String']['input']>;
  /** A code of codes.json purposeOfPayment. */
  purposeOfPayment?: InputMaybe<Scalars['Int']['input']>;
  /** A code of codes.json relationshipWithThirdParty; required when isOwner is false. */
  relationshipWithThirdParty?: InputMaybe<Scalars['Int']['input']>;
  routeCode: Scalars['String']['input'];
  /** At most 10. */
  supportFiles?: InputMaybe<Array<SupportFileInput>>;
  walletAddress: Scalars['String']['input'];
  /** PRIVATE_WALLET or VASP_WALLET. */
  walletType: Scalars['String']['input'];
};

/** Contract §4.4. */
export type CreateCryptoWithdrawalApprovalDraftInput = {
  /** Minor units, digits only. */
  amountMinor: Scalars['String']['input'];
  /** At most 128 characters, unique per customer. */
  clientReference?: InputMaybe<Scalars['String']['input']>;
  currency: Scalars['String']['input'];
  currencyScale: Scalars['Int']['input'];
  externalFeeFields?: InputMaybe<Scalars['StringMap']['input']>;
  operationAuthorization: OperationAuthorizationInput;
  /** Required when purposeOfPayment is 99. */
  otherPurpose?: InputMaybe<Scalars['String']['input']>;
  /** Required when relationshipWithThirdParty is 99. */
  otherRelationship?: InputMaybe<Scalars['String']['input']>;
  purposeOfPayment?: InputMaybe<Scalars['Int']['input']>;
  /** §10.5: a quote of this customer, route, amount, currency and withdrawal type; the fee is the quote's. */
  quoteId?: InputMaybe<Scalars['UUID']['input']>;
  relationshipWithThirdParty?: InputMaybe<Scalars['Int']['input']>;
  routeCode: Scalars['String']['input'];
  walletBeneficiaryId: Scalars['UUID']['input'];
  /** A code of codes.json withdrawalType; default 1. */
  withdrawalType?: InputMaybe<Scalars['Int']['input']>;
};

/** Contract §10.5. */
export type CreateCryptoWithdrawalQuoteInput = {
  /** Minor units, digits only. */
  amountMinor: Scalars['String']['input'];
  currency: Scalars['String']['input'];
  currencyScale: Scalars['Int']['input'];
  routeCode: Scalars['String']['input'];
  /** A code of codes.json withdrawalType; default 1. */
  withdrawalType?: InputMaybe<Scalars['Int']['input']>;
};

/** Contract §12.2. */
export type CreateCustomerFileInput = {
  /** application/pdf, image/jpeg or image/png in any case, parameters allowed; stored as the lower-case type/subtype. */
  contentType: Scalars['String']['input'];
  /** At most 500 characters. */
  description?: InputMaybe<Scalars['String']['input']>;
  /** LINK: required, an absolute https URL (at most 2048 characters, no userinfo, query or fragment); UPLOAD: refused. */
  externalUri?: InputMaybe<Scalars['String']['input']>;
  /** 1–255 characters; no / or \, control characters or bidirectional controls. */
  fileName: Scalars['String']['input'];
  purpose: PartnerFilePurpose;
  /** Lower-case hex SHA-256 of the bytes. */
  sha256: Scalars['String']['input'];
  /** 1 to FILE_MAX_BYTES. */
  sizeBytes: Scalars['Int']['input'];
  source: PartnerFileSource;
};

/** Contract §4.1. */
export type CreateCustomerInput = {
  displayName?: InputMaybe<Scalars['String']['input']>;
  /** Partner's own reference, 1–128 characters, unique per partner. */
  externalRef: Scalars['String']['input'];
  /** INDIVIDUAL or CORPORATE. */
  type: Scalars['String']['input'];
};

export type CreateFiatAccountApplicationInput = {
  /** 1–140 characters: the name deposits are addressed to. */
  accountHolderName: Scalars['String']['input'];
  /** 1–500 characters. */
  accountPurpose: Scalars['String']['input'];
  /** EUR or USD. */
  currency: Scalars['String']['input'];
  /** Minor units, > 0. */
  expectedMonthlyVolumeMinor: Scalars['String']['input'];
  /** At most 10 files of the customer (§12.2), each UPLOADED or LINKED. */
  fileIds?: InputMaybe<Array<Scalars['UUID']['input']>>;
  /** 1–500 characters. */
  sourceOfFunds: Scalars['String']['input'];
};

/** §14.7. */
export type CreateFiatWithdrawalApprovalDraftInput = {
  /** Minor units, > 0, within the partner's rail bounds. */
  amountMinor: Scalars['String']['input'];
  /** A bank account of this customer whose type and currency fit the rail (WIRE: with holderAddress). */
  bankAccountId: Scalars['UUID']['input'];
  /** 1–128 characters, unique per customer. */
  clientReference?: InputMaybe<Scalars['String']['input']>;
  currency: Scalars['String']['input'];
  currencyScale: Scalars['Int']['input'];
  operationAuthorization: OperationAuthorizationInput;
  /** 1–500 characters. */
  otherPurpose?: InputMaybe<Scalars['String']['input']>;
  /** Characters [A-Za-z0-9/?:().,'+ -], at least one not a space; SEPA and WIRE 1–140, ACH 1–80. */
  paymentReference: Scalars['String']['input'];
  /** A purposeOfPayment code (codes.json); 99 needs otherPurpose. */
  purposeOfPayment?: InputMaybe<Scalars['Int']['input']>;
  /** A fiat withdrawal quote of this customer with the same terms, unused and unexpired; consumed. */
  quoteId?: InputMaybe<Scalars['UUID']['input']>;
  rail: FiatRail;
};

/** §14.6: a rail's fee applied to an amount to a bank account, binding until expiresAt. */
export type CreateFiatWithdrawalQuoteInput = {
  /** Minor units, > 0, within the partner's rail bounds. */
  amountMinor: Scalars['String']['input'];
  /** A bank account of this customer whose type and currency fit the rail (WIRE: with holderAddress). */
  bankAccountId: Scalars['UUID']['input'];
  /** The rail's currency. */
  currency: Scalars['String']['input'];
  /** The rail's currency scale (2). */
  currencyScale: Scalars['Int']['input'];
  rail: FiatRail;
};

/** Contract §17.1. */
export type CreateFrontendSessionInput = {
  /** One of the client's registered origins (partnerctl client origin add), compared after §17.3 normalisation. */
  origin: Scalars['String']['input'];
  /** 60 to FRONTEND_SESSION_MAX_TTL_SECONDS; absent: FRONTEND_SESSION_DEFAULT_TTL_SECONDS. */
  ttlSeconds?: InputMaybe<Scalars['Int']['input']>;
};

export type CreateWebhookEndpointInput = {
  /** At most 200 characters. */
  description?: InputMaybe<Scalars['String']['input']>;
  /** Distinct types of §11.2; absent or [] = all. */
  types?: InputMaybe<Array<Scalars['String']['input']>>;
  /** §11.7. */
  url: Scalars['String']['input'];
};

export type CryptoWithdrawal = {
  __typename?: 'CryptoWithdrawal';
  amountMinor: Scalars['String']['output'];
  clientReference?: Maybe<Scalars['String']['output']>;
  completedAt?: Maybe<Scalars['DateTime']['output']>;
  createdAt: Scalars['DateTime']['output'];
  currency: Scalars['String']['output'];
  currencyScale: Scalars['Int']['output'];
  customerId: Scalars['UUID']['output'];
  externalFeeFields?: Maybe<Scalars['StringMap']['output']>;
  feeAmountMinor: Scalars['String']['output'];
  feeCurrency: Scalars['String']['output'];
  /** PENDING until screening of the transfer. */
  kytResult: Scalars['String']['output'];
  otherPurpose?: Maybe<Scalars['String']['output']>;
  otherRelationship?: Maybe<Scalars['String']['output']>;
  purposeOfPayment?: Maybe<Scalars['Int']['output']>;
  /** §10.5: the quote the draft consumed. */
  quoteId?: Maybe<Scalars['UUID']['output']>;
  relationshipWithThirdParty?: Maybe<Scalars['Int']['output']>;
  routeCode: Scalars['String']['output'];
  /** APPROVED for a draft. */
  status: Scalars['String']['output'];
  statusInfo: Scalars['String']['output'];
  submittedAt?: Maybe<Scalars['DateTime']['output']>;
  txHash?: Maybe<Scalars['String']['output']>;
  updatedAt: Scalars['DateTime']['output'];
  walletBeneficiaryId: Scalars['UUID']['output'];
  walletBeneficiaryLabel: Scalars['String']['output'];
  withdrawalId: Scalars['UUID']['output'];
  withdrawalType: Scalars['Int']['output'];
};

/** §9.3: newest first. */
export type CryptoWithdrawalPage = {
  __typename?: 'CryptoWithdrawalPage';
  items: Array<CryptoWithdrawal>;
  pageInfo: PageInfo;
};

/** §12.4: where the customer's KYC (INDIVIDUAL) or KYB (CORPORATE) stands. */
export type CustomerVerificationStatus =
  | 'PENDING_REVIEW'
  | 'REJECTED'
  | 'UNVERIFIED'
  | 'VERIFIED';

/** §14.4 (and §14.6): where a currency's account (or a rail's withdrawal capability) stands. */
export type FiatCapabilityStatus =
  | 'ACTIVE'
  | 'AVAILABLE'
  | 'NEEDS_ADDITIONAL_INFORMATION'
  | 'NOT_AVAILABLE'
  | 'PENDING'
  | 'REJECTED'
  | 'SUSPENDED';

/** Contract §14.1: the fixed catalog of fiat rails, enabled per partner by operators. */
export type FiatRail =
  | 'ACH'
  | 'SEPA'
  | 'WIRE';

/** §14.7: why the beneficiary's bank returned a payment. */
export type FiatReturnReason =
  | 'ACCOUNT_CLOSED'
  | 'INVALID_ACCOUNT'
  | 'NAME_MISMATCH'
  | 'OTHER'
  | 'REFUSED_BY_BENEFICIARY_BANK';

/** The destination's screening: PENDING until the step out of SCREENING (§10.6). */
export type KytResult =
  | 'CLEARED'
  | 'PENDING'
  | 'REJECTED';

/** Every mutation requires an Idempotency-Key header (contract §3). */
export type Mutation = {
  __typename?: 'Mutation';
  /** §14.6: creates the rail's record (first time) or reuses it after REJECTED; PENDING until its review. */
  activateFiatWithdrawalCapability: PartnerFiatWithdrawalCapability;
  /** §15.3: CLOSED answers unchanged; PAID, EXPIRED, past expiresAt or with a payment pending → INVALID_STATE. */
  closeCryptoCheckout: PartnerCheckout;
  confirmCryptoRefund: PartnerCryptoRefund;
  createBankAccount: PartnerBankAccount;
  /** §15.4: a link to the hosted page GET /pay/{token}; the creating answer is the only place its url appears (a replay answers the same url). */
  createCheckoutLink: PartnerCheckoutLink;
  /** §15.4: the address and the amount due now, frozen, for a point-of-sale terminal. */
  createCheckoutPosPaymentRequest: PartnerCheckoutPosPaymentRequest;
  createCollectionBuyer: PartnerBuyer;
  /** §15.7: a refund of a COMPLETED collection payment (§5 evidence CRYPTO_REFUND_CREATE); then §10.8 unchanged. */
  createCollectionPaymentRefundApprovalDraft: PartnerCryptoRefund;
  createCollectionWallet: PartnerCollectionWallet;
  createConversionApprovalDraft: PartnerConversion;
  createConversionQuote: PartnerConversionQuote;
  createCryptoCheckout: PartnerCheckout;
  createCryptoRefundApprovalDraft: PartnerCryptoRefund;
  createCryptoWalletBeneficiary: WalletBeneficiary;
  createCryptoWithdrawalApprovalDraft: CryptoWithdrawal;
  createCryptoWithdrawalQuote: PartnerCryptoWithdrawalQuote;
  createCustomer: PartnerCustomer;
  createCustomerFile: PartnerCustomerFile;
  createFiatAccountApplication: PartnerFiatAccountApplication;
  createFiatWithdrawalApprovalDraft: PartnerFiatWithdrawal;
  createFiatWithdrawalQuote: PartnerFiatWithdrawalQuote;
  /** §17.1: a session for one of the customer's browsers; the token is shown in this answer only. */
  createFrontendSession: PartnerFrontendSession;
  /** §11.4: a new ENABLED endpoint and its signing secret (at most 10 ENABLED per client). */
  createWebhookEndpoint: PartnerWebhookEndpointSecret;
  deactivateCollectionWallet: PartnerCollectionWallet;
  /** §11.4: ENABLED → DISABLED, its PENDING deliveries CANCELLED; a DISABLED one answers unchanged. */
  disableWebhookEndpoint: PartnerWebhookEndpoint;
  /** §11.4: DISABLED → ENABLED (URL re-checked, §11.7); an ENABLED one answers unchanged. */
  enableWebhookEndpoint: PartnerWebhookEndpoint;
  /** §11.5 redelivery: a new PENDING delivery of one event to an ENABLED endpoint, the same webhook-id, outside the resource's order (D5). */
  redeliverWebhookEvent: PartnerWebhookDelivery;
  /** §10.9: final; removing a REMOVED beneficiary answers it unchanged. */
  removeCryptoWalletBeneficiary: WalletBeneficiary;
  /** §17.1: the token is refused by every server process from this answer on; revoking again answers unchanged. */
  revokeFrontendSession: PartnerFrontendSession;
  /** §11.4: a new primary secret; the previous one keeps signing for WEBHOOK_SECRET_OVERLAP_SECONDS. */
  rotateWebhookEndpointSecret: PartnerWebhookEndpointSecret;
  /** Sandbox only (contract §15.6): outside sandbox mode it answers SANDBOX_ONLY (403). */
  simulateCollectionPayment: PartnerCollectionPayment;
  /** Sandbox only (contract §8): outside sandbox mode it answers SANDBOX_ONLY (403). */
  simulateCryptoDeposit: PartnerCryptoDeposit;
  /** Sandbox only (§14.8): outside sandbox mode it answers SANDBOX_ONLY (403). The deposit is PROCESSING; the worker's step credits or returns it. */
  simulateFiatDeposit: PartnerFiatDeposit;
  /** §10.4: releases a PENDING_TRAVEL_RULE deposit (COMPLETED, or FROZEN when its source is deny-listed now). */
  submitCryptoDepositTravelRuleInformation: PartnerCryptoDeposit;
  submitCryptoRefund: PartnerCryptoRefund;
  submitCryptoWithdrawal: CryptoWithdrawal;
  /** §12.3: partner-attested KYC or KYB evidence; no gate (a SUSPENDED customer may submit). */
  submitCustomerVerificationEvidence: PartnerCustomer;
  /** §14.3: answers every open request of the application; answers are stored and never echoed. */
  submitFiatAccountApplicationAdditionalInformation: PartnerFiatAccountApplication;
  submitFiatWithdrawal: PartnerFiatWithdrawal;
  submitFiatWithdrawalAdditionalInformation: PartnerFiatWithdrawal;
  /** §14.3: answers every open request of the activation; answers are stored and never echoed. */
  submitFiatWithdrawalCapabilityActivationAdditionalInformation: PartnerFiatWithdrawalCapability;
  /** §10.9: screens the address against the deny list now (ACTIVE ↔ BLOCKED). */
  syncCryptoWalletBeneficiary: WalletBeneficiary;
  updateCollectionBuyer: PartnerBuyer;
  updateCollectionWalletExpiry: PartnerCollectionWallet;
};


/** Every mutation requires an Idempotency-Key header (contract §3). */
export type MutationActivateFiatWithdrawalCapabilityArgs = {
  customerId: Scalars['UUID']['input'];
  input: ActivateFiatWithdrawalCapabilityInput;
  rail: FiatRail;
};


/** Every mutation requires an Idempotency-Key header (contract §3). */
export type MutationCloseCryptoCheckoutArgs = {
  checkoutId: Scalars['UUID']['input'];
};


/** Every mutation requires an Idempotency-Key header (contract §3). */
export type MutationConfirmCryptoRefundArgs = {
  input: ConfirmCryptoRefundInput;
  refundId: Scalars['UUID']['input'];
};


/** Every mutation requires an Idempotency-Key header (contract §3). */
export type MutationCreateBankAccountArgs = {
  customerId: Scalars['UUID']['input'];
  input: CreateBankAccountInput;
};


/** Every mutation requires an Idempotency-Key header (contract §3). */
export type MutationCreateCheckoutLinkArgs = {
  checkoutId: Scalars['UUID']['input'];
  input: CreateCheckoutLinkInput;
};


/** Every mutation requires an Idempotency-Key header (contract §3). */
export type MutationCreateCheckoutPosPaymentRequestArgs = {
  checkoutId: Scalars['UUID']['input'];
  input: CreateCheckoutPosPaymentRequestInput;
};


/** Every mutation requires an Idempotency-Key header (contract §3). */
export type MutationCreateCollectionBuyerArgs = {
  customerId: Scalars['UUID']['input'];
  input: CreateCollectionBuyerInput;
};


/** Every mutation requires an Idempotency-Key header (contract §3). */
export type MutationCreateCollectionPaymentRefundApprovalDraftArgs = {
  collectionPaymentId: Scalars['UUID']['input'];
  input: CreateCryptoRefundApprovalDraftInput;
};


/** Every mutation requires an Idempotency-Key header (contract §3). */
export type MutationCreateCollectionWalletArgs = {
  customerId: Scalars['UUID']['input'];
  input: CreateCollectionWalletInput;
};


/** Every mutation requires an Idempotency-Key header (contract §3). */
export type MutationCreateConversionApprovalDraftArgs = {
  customerId: Scalars['UUID']['input'];
  input: CreateConversionApprovalDraftInput;
};


/** Every mutation requires an Idempotency-Key header (contract §3). */
export type MutationCreateConversionQuoteArgs = {
  customerId: Scalars['UUID']['input'];
  input: CreateConversionQuoteInput;
};


/** Every mutation requires an Idempotency-Key header (contract §3). */
export type MutationCreateCryptoCheckoutArgs = {
  customerId: Scalars['UUID']['input'];
  input: CreateCryptoCheckoutInput;
};


/** Every mutation requires an Idempotency-Key header (contract §3). */
export type MutationCreateCryptoRefundApprovalDraftArgs = {
  depositId: Scalars['UUID']['input'];
  input: CreateCryptoRefundApprovalDraftInput;
};


/** Every mutation requires an Idempotency-Key header (contract §3). */
export type MutationCreateCryptoWalletBeneficiaryArgs = {
  customerId: Scalars['UUID']['input'];
  input: CreateCryptoWalletBeneficiaryInput;
};


/** Every mutation requires an Idempotency-Key header (contract §3). */
export type MutationCreateCryptoWithdrawalApprovalDraftArgs = {
  customerId: Scalars['UUID']['input'];
  input: CreateCryptoWithdrawalApprovalDraftInput;
};


/** Every mutation requires an Idempotency-Key header (contract §3). */
export type MutationCreateCryptoWithdrawalQuoteArgs = {
  customerId: Scalars['UUID']['input'];
  input: CreateCryptoWithdrawalQuoteInput;
};


/** Every mutation requires an Idempotency-Key header (contract §3). */
export type MutationCreateCustomerArgs = {
  input: CreateCustomerInput;
};


/** Every mutation requires an Idempotency-Key header (contract §3). */
export type MutationCreateCustomerFileArgs = {
  customerId: Scalars['UUID']['input'];
  input: CreateCustomerFileInput;
};


/** Every mutation requires an Idempotency-Key header (contract §3). */
export type MutationCreateFiatAccountApplicationArgs = {
  customerId: Scalars['UUID']['input'];
  input: CreateFiatAccountApplicationInput;
};


/** Every mutation requires an Idempotency-Key header (contract §3). */
export type MutationCreateFiatWithdrawalApprovalDraftArgs = {
  customerId: Scalars['UUID']['input'];
  input: CreateFiatWithdrawalApprovalDraftInput;
};


/** Every mutation requires an Idempotency-Key header (contract §3). */
export type MutationCreateFiatWithdrawalQuoteArgs = {
  customerId: Scalars['UUID']['input'];
  input: CreateFiatWithdrawalQuoteInput;
};


/** Every mutation requires an Idempotency-Key header (contract §3). */
export type MutationCreateFrontendSessionArgs = {
  customerId: Scalars['UUID']['input'];
  input: CreateFrontendSessionInput;
};


/** Every mutation requires an Idempotency-Key header (contract §3). */
export type MutationCreateWebhookEndpointArgs = {
  input: CreateWebhookEndpointInput;
};


/** Every mutation requires an Idempotency-Key header (contract §3). */
export type MutationDeactivateCollectionWalletArgs = {
  collectionWalletId: Scalars['UUID']['input'];
};


/** Every mutation requires an Idempotency-Key header (contract §3). */
export type MutationDisableWebhookEndpointArgs = {
  endpointId: Scalars['UUID']['input'];
};


/** Every mutation requires an Idempotency-Key header (contract §3). */
export type MutationEnableWebhookEndpointArgs = {
  endpointId: Scalars['UUID']['input'];
};


/** Every mutation requires an Idempotency-Key header (contract §3). */
export type MutationRedeliverWebhookEventArgs = {
  endpointId: Scalars['UUID']['input'];
  input: RedeliverWebhookEventInput;
};


/** Every mutation requires an Idempotency-Key header (contract §3). */
export type MutationRemoveCryptoWalletBeneficiaryArgs = {
  walletBeneficiaryId: Scalars['UUID']['input'];
};


/** Every mutation requires an Idempotency-Key header (contract §3). */
export type MutationRevokeFrontendSessionArgs = {
  sessionId: Scalars['UUID']['input'];
};


/** Every mutation requires an Idempotency-Key header (contract §3). */
export type MutationRotateWebhookEndpointSecretArgs = {
  endpointId: Scalars['UUID']['input'];
};


/** Every mutation requires an Idempotency-Key header (contract §3). */
export type MutationSimulateCollectionPaymentArgs = {
  input: SimulateCollectionPaymentInput;
};


/** Every mutation requires an Idempotency-Key header (contract §3). */
export type MutationSimulateCryptoDepositArgs = {
  customerId: Scalars['UUID']['input'];
  input: SimulateCryptoDepositInput;
};


/** Every mutation requires an Idempotency-Key header (contract §3). */
export type MutationSimulateFiatDepositArgs = {
  fiatAccountId: Scalars['UUID']['input'];
  input: SimulateFiatDepositInput;
};


/** Every mutation requires an Idempotency-Key header (contract §3). */
export type MutationSubmitCryptoDepositTravelRuleInformationArgs = {
  depositId: Scalars['UUID']['input'];
  input: SubmitCryptoDepositTravelRuleInformationInput;
};


/** Every mutation requires an Idempotency-Key header (contract §3). */
export type MutationSubmitCryptoRefundArgs = {
  input: SubmitCryptoRefundInput;
  refundId: Scalars['UUID']['input'];
};


/** Every mutation requires an Idempotency-Key header (contract §3). */
export type MutationSubmitCryptoWithdrawalArgs = {
  input: SubmitCryptoWithdrawalInput;
  withdrawalId: Scalars['UUID']['input'];
};


/** Every mutation requires an Idempotency-Key header (contract §3). */
export type MutationSubmitCustomerVerificationEvidenceArgs = {
  customerId: Scalars['UUID']['input'];
  input: SubmitCustomerVerificationEvidenceInput;
};


/** Every mutation requires an Idempotency-Key header (contract §3). */
export type MutationSubmitFiatAccountApplicationAdditionalInformationArgs = {
  applicationId: Scalars['UUID']['input'];
  input: SubmitAdditionalInformationInput;
};


/** Every mutation requires an Idempotency-Key header (contract §3). */
export type MutationSubmitFiatWithdrawalArgs = {
  fiatWithdrawalId: Scalars['UUID']['input'];
  input: SubmitFiatWithdrawalInput;
};


/** Every mutation requires an Idempotency-Key header (contract §3). */
export type MutationSubmitFiatWithdrawalAdditionalInformationArgs = {
  fiatWithdrawalId: Scalars['UUID']['input'];
  input: SubmitAdditionalInformationInput;
};


/** Every mutation requires an Idempotency-Key header (contract §3). */
export type MutationSubmitFiatWithdrawalCapabilityActivationAdditionalInformationArgs = {
  customerId: Scalars['UUID']['input'];
  input: SubmitAdditionalInformationInput;
  rail: FiatRail;
};


/** Every mutation requires an Idempotency-Key header (contract §3). */
export type MutationSyncCryptoWalletBeneficiaryArgs = {
  walletBeneficiaryId: Scalars['UUID']['input'];
};


/** Every mutation requires an Idempotency-Key header (contract §3). */
export type MutationUpdateCollectionBuyerArgs = {
  buyerId: Scalars['UUID']['input'];
  input: UpdateCollectionBuyerInput;
};


/** Every mutation requires an Idempotency-Key header (contract §3). */
export type MutationUpdateCollectionWalletExpiryArgs = {
  collectionWalletId: Scalars['UUID']['input'];
  input: UpdateCollectionWalletExpiryInput;
};

/**
 * The partner's evidence that one of its users authorized this exact operation (contract §5).
 * operationHash is lowercase hex SHA-256 of the JCS of {operationType, <path id>, ...input without operationAuthorization}.
 */
export type OperationAuthorizationInput = {
  authorizationMethod: Scalars['String']['input'];
  authorizedAt: Scalars['DateTime']['input'];
  authorizedByPartnerPolicyRef?: InputMaybe<Scalars['String']['input']>;
  authorizedByPartnerUserRef: Scalars['String']['input'];
  mfaEvidenceRef: Scalars['String']['input'];
  operationHash: Scalars['String']['input'];
  operationType: Scalars['String']['input'];
  rawEvidence?: InputMaybe<Scalars['StringMap']['input']>;
  sourceActionRef?: InputMaybe<Scalars['String']['input']>;
  sourceSystem?: InputMaybe<Scalars['String']['input']>;
};

/** §9.3: a keyset page's position. endCursor: the last item's cursor, or the cursor sent when the page is empty. */
export type PageInfo = {
  __typename?: 'PageInfo';
  endCursor?: Maybe<Scalars['String']['output']>;
  hasNextPage: Scalars['Boolean']['output'];
};

/** One per (customer, currency), shared by every route of that currency (§10.1). */
export type PartnerBalance = {
  __typename?: 'PartnerBalance';
  /** Minor units, ≥ 0. */
  availableMinor: Scalars['String']['output'];
  currency: Scalars['String']['output'];
  currencyScale: Scalars['Int']['output'];
  customerId: Scalars['UUID']['output'];
  /** Minor units, ≥ 0: what submitted withdrawals and refunds hold. */
  heldMinor: Scalars['String']['output'];
  /** availableMinor + heldMinor. */
  totalMinor: Scalars['String']['output'];
  /** createdAt of its latest transaction. */
  updatedAt: Scalars['DateTime']['output'];
};

export type PartnerBalanceAmounts = {
  __typename?: 'PartnerBalanceAmounts';
  availableMinor: Scalars['String']['output'];
  heldMinor: Scalars['String']['output'];
  totalMinor: Scalars['String']['output'];
};

export type PartnerBalancePage = {
  __typename?: 'PartnerBalancePage';
  items: Array<PartnerBalance>;
  pageInfo: PageInfo;
};

/** Contract §14.5: a customer's bank account; the full identifier is stored encrypted and never shown. */
export type PartnerBankAccount = {
  __typename?: 'PartnerBankAccount';
  /** The last 4 characters of the normalised IBAN, or of accountNumber. */
  accountIdentifierLast4: Scalars['String']['output'];
  accountType: BankAccountType;
  bankAccountId: Scalars['UUID']['output'];
  bankName?: Maybe<Scalars['String']['output']>;
  bic?: Maybe<Scalars['String']['output']>;
  createdAt: Scalars['DateTime']['output'];
  currency: Scalars['String']['output'];
  customerId: Scalars['UUID']['output'];
  /** §14.5: the blind index of the normalised identifier (lower-case hex HMAC-SHA256); equal for the same account. */
  fingerprint: Scalars['String']['output'];
  holderAddress?: Maybe<BankAccountHolderAddress>;
  holderCountry: Scalars['String']['output'];
  holderName: Scalars['String']['output'];
  holderType: Scalars['String']['output'];
  ibanCountry?: Maybe<Scalars['String']['output']>;
  isOwner: Scalars['Boolean']['output'];
  label?: Maybe<Scalars['String']['output']>;
  otherRelationship?: Maybe<Scalars['String']['output']>;
  relationshipWithThirdParty?: Maybe<Scalars['Int']['output']>;
  routingNumber?: Maybe<Scalars['String']['output']>;
  status: PartnerBankAccountStatus;
  updatedAt: Scalars['DateTime']['output'];
  usAccountKind?: Maybe<Scalars['String']['output']>;
};

export type PartnerBankAccountPage = {
  __typename?: 'PartnerBankAccountPage';
  items: Array<PartnerBankAccount>;
  pageInfo: PageInfo;
};

/** Contract §14.5: ACTIVE ↔ DISABLED, by operators. */
export type PartnerBankAccountStatus =
  | 'ACTIVE'
  | 'DISABLED';

/** Contract §15.5: a payer of a customer, named by checkouts and collection wallets. */
export type PartnerBuyer = {
  __typename?: 'PartnerBuyer';
  buyerId: Scalars['UUID']['output'];
  country?: Maybe<Scalars['String']['output']>;
  createdAt: Scalars['DateTime']['output'];
  customerId: Scalars['UUID']['output'];
  email?: Maybe<Scalars['String']['output']>;
  externalRef: Scalars['String']['output'];
  name: Scalars['String']['output'];
  status: PartnerBuyerStatus;
  type: Scalars['String']['output'];
  updatedAt: Scalars['DateTime']['output'];
};

export type PartnerBuyerPage = {
  __typename?: 'PartnerBuyerPage';
  items: Array<PartnerBuyer>;
  pageInfo: PageInfo;
};

/** Contract §15.5. */
export type PartnerBuyerStatus =
  | 'ACTIVE'
  | 'DISABLED';

/** Contract §15.2: a payment request with an address of its own; its amounts follow its payments (§15.3). */
export type PartnerCheckout = {
  __typename?: 'PartnerCheckout';
  /** §15.2: derived from the route and the checkout's id. */
  address: Scalars['String']['output'];
  /** max(0, amountMinor − paid − pending) while OPEN or PARTIALLY_PAID; "0" otherwise. */
  amountDueMinor: Scalars['String']['output'];
  amountMinor: Scalars['String']['output'];
  /** Σ of the on-time COMPLETED payments. */
  amountPaidMinor: Scalars['String']['output'];
  /** Σ of the on-time DETECTED payments. */
  amountPendingMinor: Scalars['String']['output'];
  blockchain: Scalars['String']['output'];
  buyerId?: Maybe<Scalars['UUID']['output']>;
  cancelUrl?: Maybe<Scalars['String']['output']>;
  checkoutId: Scalars['UUID']['output'];
  closedAt?: Maybe<Scalars['DateTime']['output']>;
  createdAt: Scalars['DateTime']['output'];
  currency: Scalars['String']['output'];
  currencyScale: Scalars['Int']['output'];
  customerId: Scalars['UUID']['output'];
  description?: Maybe<Scalars['String']['output']>;
  expiresAt: Scalars['DateTime']['output'];
  /** Σ of the late COMPLETED payments. */
  lateAmountMinor: Scalars['String']['output'];
  merchantReference?: Maybe<Scalars['String']['output']>;
  /** max(0, paid − amountMinor). */
  overpaidMinor: Scalars['String']['output'];
  paidAt?: Maybe<Scalars['DateTime']['output']>;
  routeCode: Scalars['String']['output'];
  status: PartnerCheckoutStatus;
  statusInfo: Scalars['String']['output'];
  successUrl?: Maybe<Scalars['String']['output']>;
  underpaymentToleranceMinor: Scalars['String']['output'];
  updatedAt: Scalars['DateTime']['output'];
};

/** Contract §15.4: the creating answer is the only place its URL appears. */
export type PartnerCheckoutLink = {
  __typename?: 'PartnerCheckoutLink';
  checkoutId: Scalars['UUID']['output'];
  createdAt: Scalars['DateTime']['output'];
  expiresAt: Scalars['DateTime']['output'];
  linkId: Scalars['UUID']['output'];
  /** CHECKOUT_LINK_BASE_URL/<token>: the hosted page (GET /pay/{token}). */
  url: Scalars['String']['output'];
};

export type PartnerCheckoutPage = {
  __typename?: 'PartnerCheckoutPage';
  items: Array<PartnerCheckout>;
  pageInfo: PageInfo;
};

/** Contract §15.4: amountDueMinor and paymentUri are frozen at creation; the creating answer is the only place it appears. */
export type PartnerCheckoutPosPaymentRequest = {
  __typename?: 'PartnerCheckoutPosPaymentRequest';
  address: Scalars['String']['output'];
  amountDueMinor: Scalars['String']['output'];
  blockchain: Scalars['String']['output'];
  checkoutId: Scalars['UUID']['output'];
  createdAt: Scalars['DateTime']['output'];
  currency: Scalars['String']['output'];
  currencyScale: Scalars['Int']['output'];
  /** min(createdAt + expiresInSeconds, the checkout's expiresAt). */
  expiresAt: Scalars['DateTime']['output'];
  /** §18.6: what the terminal shows with the request: "Sandbox address — do not send funds" on a SANDBOX route; null otherwise. */
  notice?: Maybe<Scalars['String']['output']>;
  /** BIP-21, EIP-681 or the bare address (§15.4). */
  paymentUri: Scalars['String']['output'];
  posPaymentRequestId: Scalars['UUID']['output'];
  terminalRef: Scalars['String']['output'];
};

/** Contract §15.3: OPEN → PARTIALLY_PAID → PAID; OPEN or PARTIALLY_PAID → EXPIRED or CLOSED. PAID, EXPIRED and CLOSED are final. */
export type PartnerCheckoutStatus =
  | 'CLOSED'
  | 'EXPIRED'
  | 'OPEN'
  | 'PAID'
  | 'PARTIALLY_PAID';

/** Contract §15.6. */
export type PartnerCollectionPayment = {
  __typename?: 'PartnerCollectionPayment';
  amountMinor: Scalars['String']['output'];
  blockchain: Scalars['String']['output'];
  /** The target's buyer. */
  buyerId?: Maybe<Scalars['UUID']['output']>;
  /** The target's. */
  checkoutId?: Maybe<Scalars['UUID']['output']>;
  collectionPaymentId: Scalars['UUID']['output'];
  /** The target's. */
  collectionWalletId?: Maybe<Scalars['UUID']['output']>;
  createdAt: Scalars['DateTime']['output'];
  /** Set on COMPLETED. */
  creditedAt?: Maybe<Scalars['DateTime']['output']>;
  currency: Scalars['String']['output'];
  currencyScale: Scalars['Int']['output'];
  customerId: Scalars['UUID']['output'];
  detectedAt: Scalars['DateTime']['output'];
  fromAddress: Scalars['String']['output'];
  /** Fixed at detection (§15.3, §15.5). */
  late: Scalars['Boolean']['output'];
  /** COMPLETED: amountMinor less its refunds that are not REJECTED or FAILED; else "0". */
  refundableAmountMinor: Scalars['String']['output'];
  routeCode: Scalars['String']['output'];
  status: PartnerCollectionPaymentStatus;
  statusInfo: Scalars['String']['output'];
  targetType: CollectionPaymentTargetType;
  toAddress: Scalars['String']['output'];
  txHash: Scalars['String']['output'];
  updatedAt: Scalars['DateTime']['output'];
};

export type PartnerCollectionPaymentPage = {
  __typename?: 'PartnerCollectionPaymentPage';
  items: Array<PartnerCollectionPayment>;
  pageInfo: PageInfo;
};

/** Contract §15.6: DETECTED → COMPLETED, FROZEN or DROPPED (all final). */
export type PartnerCollectionPaymentStatus =
  | 'COMPLETED'
  | 'DETECTED'
  | 'DROPPED'
  | 'FROZEN';

/** Contract §15.5: a buyer's standing address on a route; its address never changes. */
export type PartnerCollectionWallet = {
  __typename?: 'PartnerCollectionWallet';
  /** §15.2: derived from the route and the wallet's id. */
  address: Scalars['String']['output'];
  /** Σ of its COMPLETED payments, late ones included. */
  amountReceivedMinor: Scalars['String']['output'];
  blockchain: Scalars['String']['output'];
  buyerId: Scalars['UUID']['output'];
  collectionWalletId: Scalars['UUID']['output'];
  createdAt: Scalars['DateTime']['output'];
  currency: Scalars['String']['output'];
  currencyScale: Scalars['Int']['output'];
  customerId: Scalars['UUID']['output'];
  deactivatedAt?: Maybe<Scalars['DateTime']['output']>;
  expiresAt?: Maybe<Scalars['DateTime']['output']>;
  label?: Maybe<Scalars['String']['output']>;
  routeCode: Scalars['String']['output'];
  status: PartnerCollectionWalletStatus;
  updatedAt: Scalars['DateTime']['output'];
};

export type PartnerCollectionWalletPage = {
  __typename?: 'PartnerCollectionWalletPage';
  items: Array<PartnerCollectionWallet>;
  pageInfo: PageInfo;
};

/** Contract §15.5: ACTIVE → EXPIRED (its expiresAt), ACTIVE or EXPIRED → DEACTIVATED (final); EXPIRED → ACTIVE by an expiry update. */
export type PartnerCollectionWalletStatus =
  | 'ACTIVE'
  | 'DEACTIVATED'
  | 'EXPIRED';

/** §13.3: a quote executed; both legs settled in one transaction. */
export type PartnerConversion = {
  __typename?: 'PartnerConversion';
  clientReference?: Maybe<Scalars['String']['output']>;
  completedAt: Scalars['DateTime']['output'];
  conversionId: Scalars['UUID']['output'];
  createdAt: Scalars['DateTime']['output'];
  customerId: Scalars['UUID']['output'];
  fixedSide: ConversionFixedSide;
  midRate: Scalars['String']['output'];
  quoteId: Scalars['UUID']['output'];
  rate: Scalars['String']['output'];
  sourceAmountMinor: Scalars['String']['output'];
  sourceCurrency: Scalars['String']['output'];
  sourceCurrencyScale: Scalars['Int']['output'];
  spreadAmountMinor: Scalars['String']['output'];
  spreadBps: Scalars['Int']['output'];
  status: PartnerConversionStatus;
  /** Completed. */
  statusInfo: Scalars['String']['output'];
  targetAmountMinor: Scalars['String']['output'];
  targetCurrency: Scalars['String']['output'];
  targetCurrencyScale: Scalars['Int']['output'];
  updatedAt: Scalars['DateTime']['output'];
};

/** §9.3: newest first. */
export type PartnerConversionPage = {
  __typename?: 'PartnerConversionPage';
  items: Array<PartnerConversion>;
  pageInfo: PageInfo;
};

/** §13.2: a pair's rate and spread applied to an amount, binding until expiresAt. */
export type PartnerConversionQuote = {
  __typename?: 'PartnerConversionQuote';
  /** The conversion that used the quote (status USED). */
  conversionId?: Maybe<Scalars['UUID']['output']>;
  createdAt: Scalars['DateTime']['output'];
  customerId: Scalars['UUID']['output'];
  /** createdAt + CONVERSION_QUOTE_TTL_SECONDS. */
  expiresAt: Scalars['DateTime']['output'];
  fixedSide: ConversionFixedSide;
  /** Units of the target currency per unit of the source currency, before the spread (a plain decimal). */
  midRate: Scalars['String']['output'];
  quoteId: Scalars['UUID']['output'];
  /** midRate less the spread, truncated (a plain decimal). */
  rate: Scalars['String']['output'];
  /** asOf of the rate used. */
  rateAsOf: Scalars['DateTime']['output'];
  /** Minor units of the source currency: what the customer pays. */
  sourceAmountMinor: Scalars['String']['output'];
  sourceCurrency: Scalars['String']['output'];
  sourceCurrencyScale: Scalars['Int']['output'];
  /** Minor units of the target currency that the spread (and the rounding) keep. */
  spreadAmountMinor: Scalars['String']['output'];
  spreadBps: Scalars['Int']['output'];
  status: PartnerConversionQuoteStatus;
  /** Minor units of the target currency: what the customer receives. */
  targetAmountMinor: Scalars['String']['output'];
  targetCurrency: Scalars['String']['output'];
  targetCurrencyScale: Scalars['Int']['output'];
};

/** §9.3: newest first. */
export type PartnerConversionQuotePage = {
  __typename?: 'PartnerConversionQuotePage';
  items: Array<PartnerConversionQuote>;
  pageInfo: PageInfo;
};

/** Contract §13.2. EXPIRED is computed: not USED and now ≥ expiresAt. */
export type PartnerConversionQuoteStatus =
  | 'EXPIRED'
  | 'OPEN'
  | 'USED';

/** Contract §13.3: a conversion settles both legs when it is made (R4). */
export type PartnerConversionStatus =
  | 'COMPLETED';

/** Contract §10.4. */
export type PartnerCryptoDeposit = {
  __typename?: 'PartnerCryptoDeposit';
  amountMinor: Scalars['String']['output'];
  /** §18.1: the including block; null for sandbox deposits and while DROPPED. */
  blockNumber?: Maybe<Scalars['Int']['output']>;
  blockchain: Scalars['String']['output'];
  createdAt: Scalars['DateTime']['output'];
  /** Set on COMPLETED. */
  creditedAt?: Maybe<Scalars['DateTime']['output']>;
  currency: Scalars['String']['output'];
  currencyScale: Scalars['Int']['output'];
  customerId: Scalars['UUID']['output'];
  depositId: Scalars['UUID']['output'];
  /** §18.1: when its block became final; null until then and for sandbox deposits. */
  finalizedAt?: Maybe<Scalars['DateTime']['output']>;
  fromAddress: Scalars['String']['output'];
  /** "0" unless COMPLETED; then amountMinor less the refunds that are not REJECTED or FAILED. */
  refundableAmountMinor: Scalars['String']['output'];
  routeCode: Scalars['String']['output'];
  status: PartnerCryptoDepositStatus;
  statusInfo: Scalars['String']['output'];
  /** The customer's deposit wallet on the route (§10.3). */
  toAddress: Scalars['String']['output'];
  /** amountMinor ≥ the route's Travel Rule threshold at arrival. */
  travelRuleRequired: Scalars['Boolean']['output'];
  travelRuleSubmittedAt?: Maybe<Scalars['DateTime']['output']>;
  txHash: Scalars['String']['output'];
  updatedAt: Scalars['DateTime']['output'];
};

export type PartnerCryptoDepositPage = {
  __typename?: 'PartnerCryptoDepositPage';
  items: Array<PartnerCryptoDeposit>;
  pageInfo: PageInfo;
};

/** §10.10: arrival → FROZEN, PENDING_TRAVEL_RULE or COMPLETED; PENDING_TRAVEL_RULE → COMPLETED or FROZEN. §18.1 (EVM rail): detection → CONFIRMING; CONFIRMING → DROPPED, FROZEN, PENDING_TRAVEL_RULE or COMPLETED; DROPPED → CONFIRMING. */
export type PartnerCryptoDepositStatus =
  | 'COMPLETED'
  | 'CONFIRMING'
  | 'DROPPED'
  | 'FROZEN'
  | 'PENDING_TRAVEL_RULE';

/** §10.3: one per (customer, route mapped to its partner); the address is derived and never changes (on SANDBOX routes; EVM routes: §18 C4). */
export type PartnerCryptoDepositWallet = {
  __typename?: 'PartnerCryptoDepositWallet';
  address: Scalars['String']['output'];
  blockchain: Scalars['String']['output'];
  /** §18.1: the EVM network's chain id (EVM_CHAIN_ID) on EVM routes; null on SANDBOX routes. */
  chainId?: Maybe<Scalars['Int']['output']>;
  currency: Scalars['String']['output'];
  currencyScale: Scalars['Int']['output'];
  customerId: Scalars['UUID']['output'];
  /** §18.1: the route's rail, SANDBOX or EVM. On EVM the address is the customer's own (§18 C4), the same on all of its EVM routes. */
  rail: Scalars['String']['output'];
  routeCode: Scalars['String']['output'];
  status: PartnerCryptoDepositWalletStatus;
  /** §18.1: the route's ERC-20 contract (EIP-55); null for native ETH and on SANDBOX routes. */
  tokenContract?: Maybe<Scalars['String']['output']>;
  /** The route's; null: deposits on it are never held for the Travel Rule. */
  travelRuleThresholdMinor?: Maybe<Scalars['String']['output']>;
};

export type PartnerCryptoDepositWalletPage = {
  __typename?: 'PartnerCryptoDepositWalletPage';
  items: Array<PartnerCryptoDepositWallet>;
  pageInfo: PageInfo;
};

/** §10.3: ACTIVE iff the route is enabled. */
export type PartnerCryptoDepositWalletStatus =
  | 'ACTIVE'
  | 'DISABLED';

/** APPROVED (draft) → AWAITING_CONFIRMATION (held) → CONFIRMED → the outbound pipeline (§10.8). Exactly one of depositId and collectionPaymentId is set (§15.7). */
export type PartnerCryptoRefund = {
  __typename?: 'PartnerCryptoRefund';
  amountMinor: Scalars['String']['output'];
  /** §15.7: the refunded collection payment; null for a refund of a deposit. */
  collectionPaymentId?: Maybe<Scalars['UUID']['output']>;
  completedAt?: Maybe<Scalars['DateTime']['output']>;
  confirmedAt?: Maybe<Scalars['DateTime']['output']>;
  createdAt: Scalars['DateTime']['output'];
  currency: Scalars['String']['output'];
  currencyScale: Scalars['Int']['output'];
  customerId: Scalars['UUID']['output'];
  /** The refunded deposit; null for a refund of a collection payment. */
  depositId?: Maybe<Scalars['UUID']['output']>;
  kytResult: KytResult;
  reason?: Maybe<Scalars['String']['output']>;
  refundAddress: Scalars['String']['output'];
  refundId: Scalars['UUID']['output'];
  routeCode: Scalars['String']['output'];
  status: PartnerCryptoRefundStatus;
  statusInfo: Scalars['String']['output'];
  submittedAt?: Maybe<Scalars['DateTime']['output']>;
  /** Set when the transfer is broadcast; never before. */
  txHash?: Maybe<Scalars['String']['output']>;
  updatedAt: Scalars['DateTime']['output'];
};

export type PartnerCryptoRefundPage = {
  __typename?: 'PartnerCryptoRefundPage';
  items: Array<PartnerCryptoRefund>;
  pageInfo: PageInfo;
};

/** Contract §10.8, §10.10. */
export type PartnerCryptoRefundStatus =
  | 'APPROVED'
  | 'AWAITING_CONFIRMATION'
  | 'BROADCASTING'
  | 'COMPLETED'
  | 'CONFIRMED'
  | 'CONFIRMING'
  | 'FAILED'
  | 'REJECTED'
  | 'SCREENING';

/** §10.5: the route's fee, frozen with the amount until expiresAt. */
export type PartnerCryptoWithdrawalQuote = {
  __typename?: 'PartnerCryptoWithdrawalQuote';
  amountMinor: Scalars['String']['output'];
  createdAt: Scalars['DateTime']['output'];
  currency: Scalars['String']['output'];
  currencyScale: Scalars['Int']['output'];
  customerId: Scalars['UUID']['output'];
  /** createdAt + WITHDRAWAL_QUOTE_TTL_SECONDS. */
  expiresAt: Scalars['DateTime']['output'];
  /** The route's fee when the quote was made. */
  feeAmountMinor: Scalars['String']['output'];
  /** The route's currency. */
  feeCurrency: Scalars['String']['output'];
  quoteId: Scalars['UUID']['output'];
  routeCode: Scalars['String']['output'];
  /** amountMinor + feeAmountMinor. */
  totalAmountMinor: Scalars['String']['output'];
  withdrawalType: Scalars['Int']['output'];
};

export type PartnerCustomer = {
  __typename?: 'PartnerCustomer';
  createdAt: Scalars['DateTime']['output'];
  customerId: Scalars['UUID']['output'];
  displayName?: Maybe<Scalars['String']['output']>;
  externalRef: Scalars['String']['output'];
  /** ACTIVE or SUSPENDED (operator-set, §12.4). */
  status: Scalars['String']['output'];
  /** Set while SUSPENDED. */
  suspendedAt?: Maybe<Scalars['DateTime']['output']>;
  type: Scalars['String']['output'];
  updatedAt: Scalars['DateTime']['output'];
  /** KYC (type INDIVIDUAL) or KYB (type CORPORATE). */
  verificationKind: Scalars['String']['output'];
  /** True from a submission of evidence until its review ends. */
  verificationReviewPending: Scalars['Boolean']['output'];
  verificationStatus: CustomerVerificationStatus;
  verificationStatusInfo?: Maybe<Scalars['String']['output']>;
  /** Set iff VERIFIED: the latest VERIFIED outcome. */
  verifiedAt?: Maybe<Scalars['DateTime']['output']>;
};

export type PartnerCustomerFile = {
  __typename?: 'PartnerCustomerFile';
  contentType: Scalars['String']['output'];
  createdAt: Scalars['DateTime']['output'];
  customerId: Scalars['UUID']['output'];
  description?: Maybe<Scalars['String']['output']>;
  externalUri?: Maybe<Scalars['String']['output']>;
  fileId: Scalars['UUID']['output'];
  fileName: Scalars['String']['output'];
  purpose: PartnerFilePurpose;
  sha256: Scalars['String']['output'];
  sizeBytes: Scalars['Int']['output'];
  source: PartnerFileSource;
  status: PartnerCustomerFileStatus;
  updatedAt: Scalars['DateTime']['output'];
  /** PENDING_UPLOAD only. */
  upload?: Maybe<PartnerFileUpload>;
  uploadedAt?: Maybe<Scalars['DateTime']['output']>;
};

export type PartnerCustomerFilePage = {
  __typename?: 'PartnerCustomerFilePage';
  items: Array<PartnerCustomerFile>;
  pageInfo: PageInfo;
};

export type PartnerCustomerFileStatus =
  | 'EXPIRED'
  | 'LINKED'
  | 'PENDING_UPLOAD'
  | 'UPLOADED';

/** Contract §11.1: one event per change of a withdrawal, refund, deposit or beneficiary, and per ledger row. */
export type PartnerEvent = {
  __typename?: 'PartnerEvent';
  createdAt: Scalars['DateTime']['output'];
  customerId: Scalars['UUID']['output'];
  /** The resource after the change, as its by-id query renders it with every field. */
  data: Scalars['JSONObject']['output'];
  eventId: Scalars['UUID']['output'];
  resourceId: Scalars['UUID']['output'];
  resourceType: PartnerResourceType;
  /** Per resource, gapless from 1 (1 = its creation). */
  sequence: Scalars['Int']['output'];
  /** §11.2: <resource>.<status after the change, lower case>, .updated, or transaction.posted. */
  type: Scalars['String']['output'];
};

export type PartnerEventPage = {
  __typename?: 'PartnerEventPage';
  items: Array<PartnerEvent>;
  pageInfo: PageInfo;
};

export type PartnerFiatAccount = {
  __typename?: 'PartnerFiatAccount';
  accountHolderName: Scalars['String']['output'];
  accountNumber?: Maybe<Scalars['String']['output']>;
  applicationId: Scalars['UUID']['output'];
  bankName: Scalars['String']['output'];
  bic?: Maybe<Scalars['String']['output']>;
  createdAt: Scalars['DateTime']['output'];
  currency: Scalars['String']['output'];
  currencyScale: Scalars['Int']['output'];
  customerId: Scalars['UUID']['output'];
  fiatAccountId: Scalars['UUID']['output'];
  iban?: Maybe<Scalars['String']['output']>;
  /** The currency's rails of §14.1, whatever is enabled. */
  rails: Array<FiatRail>;
  routingNumber?: Maybe<Scalars['String']['output']>;
  status: PartnerFiatAccountStatus;
  suspendedAt?: Maybe<Scalars['DateTime']['output']>;
  updatedAt: Scalars['DateTime']['output'];
};

export type PartnerFiatAccountApplication = {
  __typename?: 'PartnerFiatAccountApplication';
  accountHolderName: Scalars['String']['output'];
  accountPurpose: Scalars['String']['output'];
  applicationId: Scalars['UUID']['output'];
  createdAt: Scalars['DateTime']['output'];
  currency: Scalars['String']['output'];
  customerId: Scalars['UUID']['output'];
  /** Set when APPROVED or REJECTED. */
  decidedAt?: Maybe<Scalars['DateTime']['output']>;
  expectedMonthlyVolumeMinor: Scalars['String']['output'];
  /** Set when APPROVED. */
  fiatAccountId?: Maybe<Scalars['UUID']['output']>;
  fileIds: Array<Scalars['UUID']['output']>;
  /** §14.3: set while NEEDS_ADDITIONAL_INFORMATION. */
  informationDueAt?: Maybe<Scalars['DateTime']['output']>;
  /** §14.3: every round, oldest first. */
  informationRequests: Array<PartnerInformationRequest>;
  sourceOfFunds: Scalars['String']['output'];
  status: PartnerFiatAccountApplicationStatus;
  statusInfo: Scalars['String']['output'];
  updatedAt: Scalars['DateTime']['output'];
};

export type PartnerFiatAccountApplicationStatus =
  | 'APPROVED'
  | 'IN_REVIEW'
  | 'NEEDS_ADDITIONAL_INFORMATION'
  | 'REJECTED'
  | 'SUBMITTED';

/** §14.4 a currency's account capability, computed (no record, no events). */
export type PartnerFiatAccountCapability = {
  __typename?: 'PartnerFiatAccountCapability';
  applicationId?: Maybe<Scalars['UUID']['output']>;
  currency: Scalars['String']['output'];
  fiatAccountId?: Maybe<Scalars['UUID']['output']>;
  rails: Array<FiatRail>;
  status: FiatCapabilityStatus;
  statusInfo?: Maybe<Scalars['String']['output']>;
};

export type PartnerFiatAccountPage = {
  __typename?: 'PartnerFiatAccountPage';
  items: Array<PartnerFiatAccount>;
  pageInfo: PageInfo;
};

export type PartnerFiatAccountStatus =
  | 'ACTIVE'
  | 'SUSPENDED';

/** Contract §14.8. */
export type PartnerFiatDeposit = {
  __typename?: 'PartnerFiatDeposit';
  amountMinor: Scalars['String']['output'];
  createdAt: Scalars['DateTime']['output'];
  /** Set on COMPLETED. */
  creditedAt?: Maybe<Scalars['DateTime']['output']>;
  currency: Scalars['String']['output'];
  currencyScale: Scalars['Int']['output'];
  customerId: Scalars['UUID']['output'];
  fiatAccountId: Scalars['UUID']['output'];
  fiatDepositId: Scalars['UUID']['output'];
  paymentReference?: Maybe<Scalars['String']['output']>;
  rail: FiatRail;
  /** The last 4 characters of the normalised sender identifier (all of it when shorter). */
  senderAccountLast4: Scalars['String']['output'];
  senderName: Scalars['String']['output'];
  status: PartnerFiatDepositStatus;
  statusInfo: Scalars['String']['output'];
  updatedAt: Scalars['DateTime']['output'];
};

export type PartnerFiatDepositInstructions = {
  __typename?: 'PartnerFiatDepositInstructions';
  accountNumber?: Maybe<Scalars['String']['output']>;
  bankAddress: Scalars['String']['output'];
  bankName: Scalars['String']['output'];
  beneficiaryName: Scalars['String']['output'];
  bic?: Maybe<Scalars['String']['output']>;
  currency: Scalars['String']['output'];
  fiatAccountId: Scalars['UUID']['output'];
  iban?: Maybe<Scalars['String']['output']>;
  rails: Array<FiatRail>;
  routingNumber?: Maybe<Scalars['String']['output']>;
};

export type PartnerFiatDepositPage = {
  __typename?: 'PartnerFiatDepositPage';
  items: Array<PartnerFiatDeposit>;
  pageInfo: PageInfo;
};

/** §14.8: PROCESSING → COMPLETED (credited) or RETURNED (the account SUSPENDED, or the sender deny-listed). */
export type PartnerFiatDepositStatus =
  | 'COMPLETED'
  | 'PROCESSING'
  | 'RETURNED';

/** §14.7 (R10): quote (optional) → draft → submit → compliance review → sent to the bank. */
export type PartnerFiatWithdrawal = {
  __typename?: 'PartnerFiatWithdrawal';
  amountMinor: Scalars['String']['output'];
  bankAccountId: Scalars['UUID']['output'];
  /** The bank account's accountIdentifierLast4, copied at the draft. */
  bankAccountLast4: Scalars['String']['output'];
  /** From SENT_TO_BANK: the bank's reference of the payment. */
  bankReference?: Maybe<Scalars['String']['output']>;
  clientReference?: Maybe<Scalars['String']['output']>;
  completedAt?: Maybe<Scalars['DateTime']['output']>;
  createdAt: Scalars['DateTime']['output'];
  currency: Scalars['String']['output'];
  currencyScale: Scalars['Int']['output'];
  customerId: Scalars['UUID']['output'];
  feeAmountMinor: Scalars['String']['output'];
  feeCurrency: Scalars['String']['output'];
  fiatWithdrawalId: Scalars['UUID']['output'];
  /** §14.3: set while NEEDS_ADDITIONAL_INFORMATION. */
  informationDueAt?: Maybe<Scalars['DateTime']['output']>;
  /** §14.3: every round, oldest first. */
  informationRequests: Array<PartnerInformationRequest>;
  otherPurpose?: Maybe<Scalars['String']['output']>;
  paymentReference: Scalars['String']['output'];
  purposeOfPayment?: Maybe<Scalars['Int']['output']>;
  quoteId?: Maybe<Scalars['UUID']['output']>;
  rail: FiatRail;
  /** Set when RETURNED. */
  returnReason?: Maybe<FiatReturnReason>;
  returnedAt?: Maybe<Scalars['DateTime']['output']>;
  sentToBankAt?: Maybe<Scalars['DateTime']['output']>;
  status: PartnerFiatWithdrawalStatus;
  statusInfo: Scalars['String']['output'];
  submittedAt?: Maybe<Scalars['DateTime']['output']>;
  updatedAt: Scalars['DateTime']['output'];
};

/** §14.6 a rail's withdrawal capability for a customer: its record (from the first activation on) and the partner's rail now. */
export type PartnerFiatWithdrawalCapability = {
  __typename?: 'PartnerFiatWithdrawalCapability';
  activatedAt?: Maybe<Scalars['DateTime']['output']>;
  /** Null until the first activation (then the record exists). */
  capabilityId?: Maybe<Scalars['UUID']['output']>;
  /** Null without a record. */
  createdAt?: Maybe<Scalars['DateTime']['output']>;
  currency: Scalars['String']['output'];
  customerId: Scalars['UUID']['output'];
  /** Of the latest activation. */
  expectedMonthlyVolumeMinor?: Maybe<Scalars['String']['output']>;
  /** Computed: the partner's rail; null when not enabled (left out of events). */
  feeAmountMinor?: Maybe<Scalars['String']['output']>;
  /** §14.3: set while NEEDS_ADDITIONAL_INFORMATION. */
  informationDueAt?: Maybe<Scalars['DateTime']['output']>;
  /** §14.3: every round, oldest first. */
  informationRequests: Array<PartnerInformationRequest>;
  /** Computed: the partner's rail; null when not enabled or without a maximum (left out of events). */
  maxAmountMinor?: Maybe<Scalars['String']['output']>;
  /** Computed: the partner's rail; null when not enabled (left out of events). */
  minAmountMinor?: Maybe<Scalars['String']['output']>;
  rail: FiatRail;
  /** Computed from the rail's settings (left out of events). */
  railEnabled: Scalars['Boolean']['output'];
  /** No record: AVAILABLE if railEnabled, else NOT_AVAILABLE; a record: its own (PENDING, NEEDS_ADDITIONAL_INFORMATION, ACTIVE, REJECTED). */
  status: FiatCapabilityStatus;
  statusInfo?: Maybe<Scalars['String']['output']>;
  /** Null without a record. */
  updatedAt?: Maybe<Scalars['DateTime']['output']>;
  /** Of the latest activation. */
  withdrawalPurpose?: Maybe<Scalars['String']['output']>;
};

/** §9.3: newest first. */
export type PartnerFiatWithdrawalPage = {
  __typename?: 'PartnerFiatWithdrawalPage';
  items: Array<PartnerFiatWithdrawal>;
  pageInfo: PageInfo;
};

/** §14.6: nothing is held and funds are not checked; not a resource (no events). */
export type PartnerFiatWithdrawalQuote = {
  __typename?: 'PartnerFiatWithdrawalQuote';
  amountMinor: Scalars['String']['output'];
  bankAccountId: Scalars['UUID']['output'];
  createdAt: Scalars['DateTime']['output'];
  currency: Scalars['String']['output'];
  currencyScale: Scalars['Int']['output'];
  customerId: Scalars['UUID']['output'];
  /** §14.1: createdAt + the rail's days (SEPA 1, ACH 3, WIRE 1). */
  estimatedArrivalAt: Scalars['DateTime']['output'];
  /** createdAt + FIAT_WITHDRAWAL_QUOTE_TTL_SECONDS. */
  expiresAt: Scalars['DateTime']['output'];
  /** The partner's rail fee when the quote was made. */
  feeAmountMinor: Scalars['String']['output'];
  feeCurrency: Scalars['String']['output'];
  quoteId: Scalars['UUID']['output'];
  rail: FiatRail;
  /** amountMinor + feeAmountMinor. */
  totalAmountMinor: Scalars['String']['output'];
};

/** §14.7's status table. */
export type PartnerFiatWithdrawalStatus =
  | 'APPROVED'
  | 'COMPLETED'
  | 'COMPLIANCE_REVIEW'
  | 'NEEDS_ADDITIONAL_INFORMATION'
  | 'REJECTED'
  | 'RETURNED'
  | 'SENT_TO_BANK'
  | 'SUBMITTED';

export type PartnerFilePurpose =
  | 'ARTICLES_OF_ASSOCIATION'
  | 'BANK_STATEMENT'
  | 'COMPANY_REGISTRATION'
  | 'IDENTITY_DOCUMENT'
  | 'OTHER'
  | 'OWNERSHIP_STRUCTURE'
  | 'PROOF_OF_ADDRESS'
  | 'SELFIE'
  | 'SOURCE_OF_FUNDS'
  | 'WALLET_OWNERSHIP_PROOF';

/** §12.2 R1: UPLOAD = a file record, then its bytes by a signed PUT; LINK = a reference the partner keeps. */
export type PartnerFileSource =
  | 'LINK'
  | 'UPLOAD';

/** Where and until when the bytes of a PENDING_UPLOAD file are sent (§12.2). */
export type PartnerFileUpload = {
  __typename?: 'PartnerFileUpload';
  expiresAt: Scalars['DateTime']['output'];
  maxSizeBytes: Scalars['Int']['output'];
  method: Scalars['String']['output'];
  path: Scalars['String']['output'];
};

/** A browser's read-only credential for one customer and one origin (§17.1). */
export type PartnerFrontendSession = {
  __typename?: 'PartnerFrontendSession';
  createdAt: Scalars['DateTime']['output'];
  customerId: Scalars['UUID']['output'];
  expiresAt: Scalars['DateTime']['output'];
  origin: Scalars['String']['output'];
  revokedAt?: Maybe<Scalars['DateTime']['output']>;
  sessionId: Scalars['UUID']['output'];
  /** The bearer token (pfs_…): only in the answer of createFrontendSession and its replays; null everywhere else. */
  token?: Maybe<Scalars['String']['output']>;
};

export type PartnerFrontendSessionPage = {
  __typename?: 'PartnerFrontendSessionPage';
  items: Array<PartnerFrontendSession>;
  pageInfo: PageInfo;
};

/** §14.3 one item a review asked for; every round is kept, oldest first. */
export type PartnerInformationRequest = {
  __typename?: 'PartnerInformationRequest';
  /** Set when the round was answered. */
  answeredAt?: Maybe<Scalars['DateTime']['output']>;
  description: Scalars['String']['output'];
  key: AdditionalInformationKey;
  kind: AdditionalInformationKind;
  requestedAt: Scalars['DateTime']['output'];
};

/** §10.1: what a ledger row or a deposit, withdrawal or refund refers to. */
export type PartnerResourceType =
  | 'BANK_ACCOUNT'
  | 'COLLECTION_BUYER'
  | 'COLLECTION_PAYMENT'
  | 'COLLECTION_WALLET'
  | 'CONVERSION'
  | 'CRYPTO_CHECKOUT'
  | 'CRYPTO_DEPOSIT'
  | 'CRYPTO_REFUND'
  | 'CRYPTO_WITHDRAWAL'
  | 'CUSTOMER'
  | 'CUSTOMER_FILE'
  | 'FIAT_ACCOUNT'
  | 'FIAT_ACCOUNT_APPLICATION'
  | 'FIAT_DEPOSIT'
  | 'FIAT_WITHDRAWAL'
  | 'FIAT_WITHDRAWAL_CAPABILITY'
  | 'TRANSACTION'
  | 'WALLET_BENEFICIARY';

/** The customer's side of one journal entry (§10.1). */
export type PartnerTransaction = {
  __typename?: 'PartnerTransaction';
  /** > 0. */
  amountMinor: Scalars['String']['output'];
  /** Signed minor units. */
  availableDeltaMinor: Scalars['String']['output'];
  balanceAfter: PartnerBalanceAmounts;
  createdAt: Scalars['DateTime']['output'];
  currency: Scalars['String']['output'];
  currencyScale: Scalars['Int']['output'];
  customerId: Scalars['UUID']['output'];
  /** Signed minor units. */
  heldDeltaMinor: Scalars['String']['output'];
  resourceId: Scalars['UUID']['output'];
  resourceType: PartnerResourceType;
  /** Per (customer, currency), gapless from 1. */
  sequence: Scalars['Int']['output'];
  transactionId: Scalars['UUID']['output'];
  type: PartnerTransactionType;
};

export type PartnerTransactionPage = {
  __typename?: 'PartnerTransactionPage';
  items: Array<PartnerTransaction>;
  pageInfo: PageInfo;
};

/** Contract §10.1. */
export type PartnerTransactionType =
  | 'COLLECTION'
  | 'CONVERSION_CREDIT'
  | 'CONVERSION_DEBIT'
  | 'DEPOSIT'
  | 'FIAT_DEPOSIT'
  | 'FIAT_WITHDRAWAL'
  | 'FIAT_WITHDRAWAL_FEE'
  | 'FIAT_WITHDRAWAL_FEE_REFUND'
  | 'FIAT_WITHDRAWAL_RETURN'
  | 'HOLD'
  | 'REFUND'
  | 'RELEASE'
  | 'WITHDRAWAL'
  | 'WITHDRAWAL_FEE';

export type PartnerWebhookAttempt = {
  __typename?: 'PartnerWebhookAttempt';
  attemptNumber: Scalars['Int']['output'];
  durationMs: Scalars['Int']['output'];
  /** Null on success. */
  error?: Maybe<WebhookAttemptError>;
  /** When a response came. */
  responseStatus?: Maybe<Scalars['Int']['output']>;
  startedAt: Scalars['DateTime']['output'];
};

/** Contract §11.5: one event to one endpoint. */
export type PartnerWebhookDelivery = {
  __typename?: 'PartnerWebhookDelivery';
  attemptCount: Scalars['Int']['output'];
  /** Oldest first. */
  attempts: Array<PartnerWebhookAttempt>;
  createdAt: Scalars['DateTime']['output'];
  deliveryId: Scalars['UUID']['output'];
  endpointId: Scalars['UUID']['output'];
  eventId: Scalars['UUID']['output'];
  eventType: Scalars['String']['output'];
  /** Null while held back (D5) or once settled. */
  nextAttemptAt?: Maybe<Scalars['DateTime']['output']>;
  resourceId: Scalars['UUID']['output'];
  sequence: Scalars['Int']['output'];
  /** Set on SUCCEEDED, FAILED, CANCELLED. */
  settledAt?: Maybe<Scalars['DateTime']['output']>;
  status: WebhookDeliveryStatus;
};

export type PartnerWebhookDeliveryPage = {
  __typename?: 'PartnerWebhookDeliveryPage';
  items: Array<PartnerWebhookDelivery>;
  pageInfo: PageInfo;
};

/** Contract §11.4: where a partner client receives its events. */
export type PartnerWebhookEndpoint = {
  __typename?: 'PartnerWebhookEndpoint';
  createdAt: Scalars['DateTime']['output'];
  description?: Maybe<Scalars['String']['output']>;
  disabledAt?: Maybe<Scalars['DateTime']['output']>;
  endpointId: Scalars['UUID']['output'];
  status: WebhookEndpointStatus;
  /** Subscribed event types (§11.2); [] = all. */
  types: Array<Scalars['String']['output']>;
  updatedAt: Scalars['DateTime']['output'];
  url: Scalars['String']['output'];
};

export type PartnerWebhookEndpointPage = {
  __typename?: 'PartnerWebhookEndpointPage';
  items: Array<PartnerWebhookEndpoint>;
  pageInfo: PageInfo;
};

/** Contract §11.4: only createWebhookEndpoint and rotateWebhookEndpointSecret return the secret. */
export type PartnerWebhookEndpointSecret = {
  __typename?: 'PartnerWebhookEndpointSecret';
  endpoint: PartnerWebhookEndpoint;
  secret: Scalars['String']['output'];
};

/**
 * Every problem code the API can answer with (contract §7). On GraphQL it travels in
 * errors[].extensions.code; on REST in the RFC 9457 problem document's `code`.
 */
export type ProblemCode =
  | 'AMOUNT_OUT_OF_RANGE'
  | 'AUTHORIZATION_ALREADY_USED'
  | 'AUTHORIZATION_EXPIRED'
  | 'AUTH_CLIENT_UNKNOWN'
  | 'AUTH_HEADERS_MISSING'
  | 'AUTH_NONCE_INVALID'
  | 'AUTH_NONCE_REUSED'
  | 'AUTH_SESSION_INVALID'
  | 'AUTH_SIGNATURE_INVALID'
  | 'AUTH_TIMESTAMP_INVALID'
  | 'BANK_ACCOUNT_NOT_ACTIVE'
  | 'BANK_ACCOUNT_NOT_FOUND'
  | 'BENEFICIARY_NOT_ACTIVE'
  | 'BENEFICIARY_REMOVED'
  | 'BUYER_NOT_ACTIVE'
  | 'BUYER_NOT_FOUND'
  | 'CHECKOUT_LINK_LIMIT_REACHED'
  | 'CONVERSION_PAIR_NOT_PERMITTED'
  | 'CUSTOMER_NOT_FOUND'
  | 'CUSTOMER_NOT_VERIFIED'
  | 'CUSTOMER_SUSPENDED'
  | 'DUPLICATE_BANK_ACCOUNT'
  | 'DUPLICATE_BUYER'
  | 'DUPLICATE_CLIENT_REFERENCE'
  | 'DUPLICATE_COLLECTION_WALLET'
  | 'DUPLICATE_CUSTOMER'
  | 'DUPLICATE_MERCHANT_REFERENCE'
  | 'DUPLICATE_TX_HASH'
  | 'DUPLICATE_WALLET_BENEFICIARY'
  | 'FIAT_ACCOUNT_EXISTS'
  | 'FIAT_ACCOUNT_NOT_ACTIVE'
  | 'FILE_INTEGRITY_MISMATCH'
  | 'FILE_NOT_FOUND'
  | 'FILE_NOT_READY'
  | 'FILE_TYPE_NOT_ALLOWED'
  | 'FORBIDDEN'
  | 'FRONTEND_SESSION_LIMIT_REACHED'
  | 'FRONTEND_SESSION_READ_ONLY'
  | 'IDEMPOTENCY_KEY_INVALID'
  | 'IDEMPOTENCY_KEY_MISSING'
  | 'IDEMPOTENCY_KEY_REUSED'
  | 'IDEMPOTENCY_REQUEST_IN_PROGRESS'
  | 'IDEMPOTENCY_SCOPE_INVALID'
  | 'INFORMATION_MISMATCH'
  | 'INSUFFICIENT_FUNDS'
  | 'INTERNAL'
  | 'INVALID_BANK_ACCOUNT'
  | 'INVALID_REQUEST'
  | 'INVALID_STATE'
  | 'INVALID_WALLET_ADDRESS'
  | 'METHOD_NOT_ALLOWED'
  | 'NOT_FOUND'
  | 'OPERATION_HASH_MISMATCH'
  | 'OPERATION_TYPE_MISMATCH'
  | 'ORIGIN_NOT_ALLOWED'
  | 'PAYLOAD_TOO_LARGE'
  | 'QUERY_TOO_COMPLEX'
  | 'QUOTE_ALREADY_USED'
  | 'QUOTE_EXPIRED'
  | 'QUOTE_MISMATCH'
  | 'QUOTE_NOT_FOUND'
  | 'RAIL_NOT_PERMITTED'
  | 'RATE_LIMITED'
  | 'RATE_UNAVAILABLE'
  | 'REFUND_EXCEEDS_DEPOSIT'
  | 'REQUEST_TIMEOUT'
  | 'ROUTE_MISMATCH'
  | 'ROUTE_NOT_PERMITTED'
  | 'ROUTE_RAIL_UNSUPPORTED'
  | 'SANDBOX_ONLY'
  | 'SERVICE_UNAVAILABLE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'VALIDATION_FAILED'
  | 'WALLET_BENEFICIARY_NOT_FOUND'
  | 'WEBHOOK_ENDPOINT_LIMIT_REACHED'
  | 'WEBHOOK_URL_NOT_ALLOWED'
  | 'WITHDRAWAL_CAPABILITY_NOT_ACTIVE';

/** Root types: each module adds its fields with `extend type Query` / `extend type Mutation` in its schema.graphql. */
export type Query = {
  __typename?: 'Query';
  bankAccount?: Maybe<PartnerBankAccount>;
  /** Newest first (§9.3). */
  bankAccounts: PartnerBankAccountPage;
  collectionBuyer?: Maybe<PartnerBuyer>;
  /** Newest first (§9.3). */
  collectionBuyers: PartnerBuyerPage;
  collectionPayment?: Maybe<PartnerCollectionPayment>;
  /** Newest first (§9.3). */
  collectionPayments: PartnerCollectionPaymentPage;
  collectionWallet?: Maybe<PartnerCollectionWallet>;
  /** Newest first (§9.3). */
  collectionWallets: PartnerCollectionWalletPage;
  conversion?: Maybe<PartnerConversion>;
  conversionQuote?: Maybe<PartnerConversionQuote>;
  conversionQuotes: PartnerConversionQuotePage;
  conversions: PartnerConversionPage;
  cryptoCheckout?: Maybe<PartnerCheckout>;
  /** Newest first (§9.3). */
  cryptoCheckouts: PartnerCheckoutPage;
  cryptoDeposit?: Maybe<PartnerCryptoDeposit>;
  /** routeCode ascending (§9.3); DISABLED wallets included. */
  cryptoDepositWallets: PartnerCryptoDepositWalletPage;
  /** Newest first (§9.3). */
  cryptoDeposits: PartnerCryptoDepositPage;
  cryptoRefund?: Maybe<PartnerCryptoRefund>;
  /** Newest first (§9.3). */
  cryptoRefunds: PartnerCryptoRefundPage;
  /** Newest first (§9.3); REMOVED ones are listed unless filtered out. */
  cryptoWalletBeneficiaries: WalletBeneficiaryPage;
  cryptoWalletBeneficiary?: Maybe<WalletBeneficiary>;
  cryptoWithdrawal?: Maybe<CryptoWithdrawal>;
  cryptoWithdrawals: CryptoWithdrawalPage;
  customer?: Maybe<PartnerCustomer>;
  /** Currency ascending (§9.3). */
  customerBalances: PartnerBalancePage;
  customerFile?: Maybe<PartnerCustomerFile>;
  customerFiles: PartnerCustomerFilePage;
  /** Newest first (§9.3). */
  customerTransactions: PartnerTransactionPage;
  /** §11.3 the pull feed: position order, oldest first; endCursor is where to resume polling. */
  events: PartnerEventPage;
  fiatAccount?: Maybe<PartnerFiatAccount>;
  fiatAccountApplication?: Maybe<PartnerFiatAccountApplication>;
  /** §14.4: one item per currency, EUR then USD. */
  fiatAccountCapabilities: Array<PartnerFiatAccountCapability>;
  fiatAccounts: PartnerFiatAccountPage;
  fiatDeposit?: Maybe<PartnerFiatDeposit>;
  fiatDepositInstructions?: Maybe<PartnerFiatDepositInstructions>;
  /** Newest first (§9.3). */
  fiatDeposits: PartnerFiatDepositPage;
  fiatWithdrawal?: Maybe<PartnerFiatWithdrawal>;
  /** §14.6: one item per rail, SEPA, ACH, WIRE. */
  fiatWithdrawalCapabilities: Array<PartnerFiatWithdrawalCapability>;
  fiatWithdrawals: PartnerFiatWithdrawalPage;
  /** §17.1: the customer's sessions, newest first; active: true → unexpired and unrevoked only, false → the others. */
  frontendSessions: PartnerFrontendSessionPage;
  transaction?: Maybe<PartnerTransaction>;
  /** §11.5: an endpoint's deliveries, newest first, each with its attempts. */
  webhookDeliveries: PartnerWebhookDeliveryPage;
  /** §11.4: unknown → null, another partner's → FORBIDDEN. */
  webhookEndpoint?: Maybe<PartnerWebhookEndpoint>;
  /** §11.4: the calling client's endpoints, newest first. */
  webhookEndpoints: PartnerWebhookEndpointPage;
};


/** Root types: each module adds its fields with `extend type Query` / `extend type Mutation` in its schema.graphql. */
export type QueryBankAccountArgs = {
  bankAccountId: Scalars['UUID']['input'];
};


/** Root types: each module adds its fields with `extend type Query` / `extend type Mutation` in its schema.graphql. */
export type QueryBankAccountsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  currency?: InputMaybe<Scalars['String']['input']>;
  customerId: Scalars['UUID']['input'];
  first?: InputMaybe<Scalars['Int']['input']>;
  statuses?: InputMaybe<Array<PartnerBankAccountStatus>>;
};


/** Root types: each module adds its fields with `extend type Query` / `extend type Mutation` in its schema.graphql. */
export type QueryCollectionBuyerArgs = {
  buyerId: Scalars['UUID']['input'];
};


/** Root types: each module adds its fields with `extend type Query` / `extend type Mutation` in its schema.graphql. */
export type QueryCollectionBuyersArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  customerId: Scalars['UUID']['input'];
  externalRef?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  statuses?: InputMaybe<Array<PartnerBuyerStatus>>;
};


/** Root types: each module adds its fields with `extend type Query` / `extend type Mutation` in its schema.graphql. */
export type QueryCollectionPaymentArgs = {
  collectionPaymentId: Scalars['UUID']['input'];
};


/** Root types: each module adds its fields with `extend type Query` / `extend type Mutation` in its schema.graphql. */
export type QueryCollectionPaymentsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  buyerId?: InputMaybe<Scalars['UUID']['input']>;
  checkoutId?: InputMaybe<Scalars['UUID']['input']>;
  collectionWalletId?: InputMaybe<Scalars['UUID']['input']>;
  createdBefore?: InputMaybe<Scalars['DateTime']['input']>;
  createdFrom?: InputMaybe<Scalars['DateTime']['input']>;
  customerId: Scalars['UUID']['input'];
  first?: InputMaybe<Scalars['Int']['input']>;
  statuses?: InputMaybe<Array<PartnerCollectionPaymentStatus>>;
  targetType?: InputMaybe<CollectionPaymentTargetType>;
};


/** Root types: each module adds its fields with `extend type Query` / `extend type Mutation` in its schema.graphql. */
export type QueryCollectionWalletArgs = {
  collectionWalletId: Scalars['UUID']['input'];
};


/** Root types: each module adds its fields with `extend type Query` / `extend type Mutation` in its schema.graphql. */
export type QueryCollectionWalletsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  buyerId?: InputMaybe<Scalars['UUID']['input']>;
  customerId: Scalars['UUID']['input'];
  first?: InputMaybe<Scalars['Int']['input']>;
  routeCode?: InputMaybe<Scalars['String']['input']>;
  statuses?: InputMaybe<Array<PartnerCollectionWalletStatus>>;
};


/** Root types: each module adds its fields with `extend type Query` / `extend type Mutation` in its schema.graphql. */
export type QueryConversionArgs = {
  conversionId: Scalars['UUID']['input'];
};


/** Root types: each module adds its fields with `extend type Query` / `extend type Mutation` in its schema.graphql. */
export type QueryConversionQuoteArgs = {
  quoteId: Scalars['UUID']['input'];
};


/** Root types: each module adds its fields with `extend type Query` / `extend type Mutation` in its schema.graphql. */
export type QueryConversionQuotesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  customerId: Scalars['UUID']['input'];
  first?: InputMaybe<Scalars['Int']['input']>;
  sourceCurrency?: InputMaybe<Scalars['String']['input']>;
  statuses?: InputMaybe<Array<PartnerConversionQuoteStatus>>;
  targetCurrency?: InputMaybe<Scalars['String']['input']>;
};


/** Root types: each module adds its fields with `extend type Query` / `extend type Mutation` in its schema.graphql. */
export type QueryConversionsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  clientReference?: InputMaybe<Scalars['String']['input']>;
  createdBefore?: InputMaybe<Scalars['DateTime']['input']>;
  createdFrom?: InputMaybe<Scalars['DateTime']['input']>;
  customerId: Scalars['UUID']['input'];
  first?: InputMaybe<Scalars['Int']['input']>;
  sourceCurrency?: InputMaybe<Scalars['String']['input']>;
  targetCurrency?: InputMaybe<Scalars['String']['input']>;
};


/** Root types: each module adds its fields with `extend type Query` / `extend type Mutation` in its schema.graphql. */
export type QueryCryptoCheckoutArgs = {
  checkoutId: Scalars['UUID']['input'];
};


/** Root types: each module adds its fields with `extend type Query` / `extend type Mutation` in its schema.graphql. */
export type QueryCryptoCheckoutsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  buyerId?: InputMaybe<Scalars['UUID']['input']>;
  createdBefore?: InputMaybe<Scalars['DateTime']['input']>;
  createdFrom?: InputMaybe<Scalars['DateTime']['input']>;
  customerId: Scalars['UUID']['input'];
  first?: InputMaybe<Scalars['Int']['input']>;
  merchantReference?: InputMaybe<Scalars['String']['input']>;
  routeCode?: InputMaybe<Scalars['String']['input']>;
  statuses?: InputMaybe<Array<PartnerCheckoutStatus>>;
};


/** Root types: each module adds its fields with `extend type Query` / `extend type Mutation` in its schema.graphql. */
export type QueryCryptoDepositArgs = {
  depositId: Scalars['UUID']['input'];
};


/** Root types: each module adds its fields with `extend type Query` / `extend type Mutation` in its schema.graphql. */
export type QueryCryptoDepositWalletsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  blockchain?: InputMaybe<Scalars['String']['input']>;
  customerId: Scalars['UUID']['input'];
  first?: InputMaybe<Scalars['Int']['input']>;
};


/** Root types: each module adds its fields with `extend type Query` / `extend type Mutation` in its schema.graphql. */
export type QueryCryptoDepositsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  createdBefore?: InputMaybe<Scalars['DateTime']['input']>;
  createdFrom?: InputMaybe<Scalars['DateTime']['input']>;
  customerId: Scalars['UUID']['input'];
  first?: InputMaybe<Scalars['Int']['input']>;
  routeCode?: InputMaybe<Scalars['String']['input']>;
  statuses?: InputMaybe<Array<PartnerCryptoDepositStatus>>;
};


/** Root types: each module adds its fields with `extend type Query` / `extend type Mutation` in its schema.graphql. */
export type QueryCryptoRefundArgs = {
  refundId: Scalars['UUID']['input'];
};


/** Root types: each module adds its fields with `extend type Query` / `extend type Mutation` in its schema.graphql. */
export type QueryCryptoRefundsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  collectionPaymentId?: InputMaybe<Scalars['UUID']['input']>;
  createdBefore?: InputMaybe<Scalars['DateTime']['input']>;
  createdFrom?: InputMaybe<Scalars['DateTime']['input']>;
  customerId: Scalars['UUID']['input'];
  depositId?: InputMaybe<Scalars['UUID']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  statuses?: InputMaybe<Array<PartnerCryptoRefundStatus>>;
};


/** Root types: each module adds its fields with `extend type Query` / `extend type Mutation` in its schema.graphql. */
export type QueryCryptoWalletBeneficiariesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  beneficiaryStatuses?: InputMaybe<Array<Scalars['String']['input']>>;
  blockchain?: InputMaybe<Scalars['String']['input']>;
  customerId: Scalars['UUID']['input'];
  first?: InputMaybe<Scalars['Int']['input']>;
};


/** Root types: each module adds its fields with `extend type Query` / `extend type Mutation` in its schema.graphql. */
export type QueryCryptoWalletBeneficiaryArgs = {
  walletBeneficiaryId: Scalars['UUID']['input'];
};


/** Root types: each module adds its fields with `extend type Query` / `extend type Mutation` in its schema.graphql. */
export type QueryCryptoWithdrawalArgs = {
  withdrawalId: Scalars['UUID']['input'];
};


/** Root types: each module adds its fields with `extend type Query` / `extend type Mutation` in its schema.graphql. */
export type QueryCryptoWithdrawalsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  clientReference?: InputMaybe<Scalars['String']['input']>;
  createdBefore?: InputMaybe<Scalars['DateTime']['input']>;
  createdFrom?: InputMaybe<Scalars['DateTime']['input']>;
  customerId: Scalars['UUID']['input'];
  first?: InputMaybe<Scalars['Int']['input']>;
  routeCode?: InputMaybe<Scalars['String']['input']>;
  statuses?: InputMaybe<Array<Scalars['String']['input']>>;
  walletBeneficiaryId?: InputMaybe<Scalars['UUID']['input']>;
};


/** Root types: each module adds its fields with `extend type Query` / `extend type Mutation` in its schema.graphql. */
export type QueryCustomerArgs = {
  customerId: Scalars['UUID']['input'];
};


/** Root types: each module adds its fields with `extend type Query` / `extend type Mutation` in its schema.graphql. */
export type QueryCustomerBalancesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  currency?: InputMaybe<Scalars['String']['input']>;
  customerId: Scalars['UUID']['input'];
  first?: InputMaybe<Scalars['Int']['input']>;
};


/** Root types: each module adds its fields with `extend type Query` / `extend type Mutation` in its schema.graphql. */
export type QueryCustomerFileArgs = {
  fileId: Scalars['UUID']['input'];
};


/** Root types: each module adds its fields with `extend type Query` / `extend type Mutation` in its schema.graphql. */
export type QueryCustomerFilesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  customerId: Scalars['UUID']['input'];
  first?: InputMaybe<Scalars['Int']['input']>;
  purposes?: InputMaybe<Array<PartnerFilePurpose>>;
  statuses?: InputMaybe<Array<PartnerCustomerFileStatus>>;
};


/** Root types: each module adds its fields with `extend type Query` / `extend type Mutation` in its schema.graphql. */
export type QueryCustomerTransactionsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  createdBefore?: InputMaybe<Scalars['DateTime']['input']>;
  createdFrom?: InputMaybe<Scalars['DateTime']['input']>;
  currency?: InputMaybe<Scalars['String']['input']>;
  customerId: Scalars['UUID']['input'];
  first?: InputMaybe<Scalars['Int']['input']>;
  resourceId?: InputMaybe<Scalars['UUID']['input']>;
  resourceType?: InputMaybe<PartnerResourceType>;
  types?: InputMaybe<Array<PartnerTransactionType>>;
};


/** Root types: each module adds its fields with `extend type Query` / `extend type Mutation` in its schema.graphql. */
export type QueryEventsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  customerId?: InputMaybe<Scalars['UUID']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  resourceId?: InputMaybe<Scalars['UUID']['input']>;
  types?: InputMaybe<Array<Scalars['String']['input']>>;
};


/** Root types: each module adds its fields with `extend type Query` / `extend type Mutation` in its schema.graphql. */
export type QueryFiatAccountArgs = {
  fiatAccountId: Scalars['UUID']['input'];
};


/** Root types: each module adds its fields with `extend type Query` / `extend type Mutation` in its schema.graphql. */
export type QueryFiatAccountApplicationArgs = {
  applicationId: Scalars['UUID']['input'];
};


/** Root types: each module adds its fields with `extend type Query` / `extend type Mutation` in its schema.graphql. */
export type QueryFiatAccountCapabilitiesArgs = {
  customerId: Scalars['UUID']['input'];
};


/** Root types: each module adds its fields with `extend type Query` / `extend type Mutation` in its schema.graphql. */
export type QueryFiatAccountsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  currency?: InputMaybe<Scalars['String']['input']>;
  customerId: Scalars['UUID']['input'];
  first?: InputMaybe<Scalars['Int']['input']>;
  statuses?: InputMaybe<Array<PartnerFiatAccountStatus>>;
};


/** Root types: each module adds its fields with `extend type Query` / `extend type Mutation` in its schema.graphql. */
export type QueryFiatDepositArgs = {
  fiatDepositId: Scalars['UUID']['input'];
};


/** Root types: each module adds its fields with `extend type Query` / `extend type Mutation` in its schema.graphql. */
export type QueryFiatDepositInstructionsArgs = {
  fiatAccountId: Scalars['UUID']['input'];
};


/** Root types: each module adds its fields with `extend type Query` / `extend type Mutation` in its schema.graphql. */
export type QueryFiatDepositsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  createdBefore?: InputMaybe<Scalars['DateTime']['input']>;
  createdFrom?: InputMaybe<Scalars['DateTime']['input']>;
  currency?: InputMaybe<Scalars['String']['input']>;
  customerId: Scalars['UUID']['input'];
  fiatAccountId?: InputMaybe<Scalars['UUID']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  statuses?: InputMaybe<Array<PartnerFiatDepositStatus>>;
};


/** Root types: each module adds its fields with `extend type Query` / `extend type Mutation` in its schema.graphql. */
export type QueryFiatWithdrawalArgs = {
  fiatWithdrawalId: Scalars['UUID']['input'];
};


/** Root types: each module adds its fields with `extend type Query` / `extend type Mutation` in its schema.graphql. */
export type QueryFiatWithdrawalCapabilitiesArgs = {
  customerId: Scalars['UUID']['input'];
};


/** Root types: each module adds its fields with `extend type Query` / `extend type Mutation` in its schema.graphql. */
export type QueryFiatWithdrawalsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  bankAccountId?: InputMaybe<Scalars['UUID']['input']>;
  clientReference?: InputMaybe<Scalars['String']['input']>;
  createdBefore?: InputMaybe<Scalars['DateTime']['input']>;
  createdFrom?: InputMaybe<Scalars['DateTime']['input']>;
  customerId: Scalars['UUID']['input'];
  first?: InputMaybe<Scalars['Int']['input']>;
  rail?: InputMaybe<FiatRail>;
  statuses?: InputMaybe<Array<PartnerFiatWithdrawalStatus>>;
};


/** Root types: each module adds its fields with `extend type Query` / `extend type Mutation` in its schema.graphql. */
export type QueryFrontendSessionsArgs = {
  active?: InputMaybe<Scalars['Boolean']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
  customerId: Scalars['UUID']['input'];
  first?: InputMaybe<Scalars['Int']['input']>;
};


/** Root types: each module adds its fields with `extend type Query` / `extend type Mutation` in its schema.graphql. */
export type QueryTransactionArgs = {
  transactionId: Scalars['UUID']['input'];
};


/** Root types: each module adds its fields with `extend type Query` / `extend type Mutation` in its schema.graphql. */
export type QueryWebhookDeliveriesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  endpointId: Scalars['UUID']['input'];
  eventId?: InputMaybe<Scalars['UUID']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  statuses?: InputMaybe<Array<WebhookDeliveryStatus>>;
};


/** Root types: each module adds its fields with `extend type Query` / `extend type Mutation` in its schema.graphql. */
export type QueryWebhookEndpointArgs = {
  endpointId: Scalars['UUID']['input'];
};


/** Root types: each module adds its fields with `extend type Query` / `extend type Mutation` in its schema.graphql. */
export type QueryWebhookEndpointsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  statuses?: InputMaybe<Array<WebhookEndpointStatus>>;
};

/** §11.5 redelivery. */
export type RedeliverWebhookEventInput = {
  /** One of the calling client's events (§11.1), whatever the endpoint's types. */
  eventId: Scalars['UUID']['input'];
};

/** Sandbox only (contract §15.6): a payment into a checkout's or collection wallet's address. */
export type SimulateCollectionPaymentInput = {
  /** Minor units, digits only, greater than zero. */
  amountMinor: Scalars['String']['input'];
  /** Default true; false: the payment never confirms and is DROPPED at the timeout. */
  confirm?: InputMaybe<Scalars['Boolean']['input']>;
  /** 1–128 characters, an address of the route's chain. */
  fromAddress: Scalars['String']['input'];
  /** 1–64 characters. */
  routeCode: Scalars['String']['input'];
  /** 1–128 characters: the address of a checkout or collection wallet of the partner on the route. */
  toAddress: Scalars['String']['input'];
  /** 1–128 characters, in the chain's form (§10.4); absent: generated from the collectionPaymentId. */
  txHash?: InputMaybe<Scalars['String']['input']>;
};

/** Sandbox only (contract §8): a payment into the customer's deposit wallet of routeCode (§10.4). */
export type SimulateCryptoDepositInput = {
  /** Minor units, digits only, greater than zero. */
  amountMinor: Scalars['String']['input'];
  fromAddress: Scalars['String']['input'];
  routeCode: Scalars['String']['input'];
  /** In the chain's form (§10.4); absent: generated from the depositId. */
  txHash?: InputMaybe<Scalars['String']['input']>;
};

/** Sandbox only (§14.8, §8): a bank transfer into the fiat account. */
export type SimulateFiatDepositInput = {
  /** Minor units (scale 2), digits only, greater than zero. */
  amountMinor: Scalars['String']['input'];
  /** At most 140 characters. */
  paymentReference?: InputMaybe<Scalars['String']['input']>;
  /** One of the account's rails; absent: the account's first (SEPA for EUR, ACH for USD). */
  rail?: InputMaybe<FiatRail>;
  /** 1–34 of [A-Za-z0-9 :] (an IBAN, or routing:account); normalised as §14.5 (upper case, spaces removed). Never stored or shown: only its last 4 characters. */
  senderAccountIdentifier: Scalars['String']['input'];
  /** 1–140 characters. */
  senderName: Scalars['String']['input'];
};

/** §14.3: 1–20 items, each key at most once: exactly the open requests' keys. */
export type SubmitAdditionalInformationInput = {
  items: Array<AdditionalInformationItemInput>;
};

export type SubmitCryptoDepositTravelRuleInformationInput = {
  originator: TravelRuleOriginatorInput;
};

export type SubmitCryptoRefundInput = {
  operationAuthorization: OperationAuthorizationInput;
};

/** Contract §10.6. */
export type SubmitCryptoWithdrawalInput = {
  operationAuthorization: OperationAuthorizationInput;
};

/** §12.3: partner-attested KYC or KYB evidence; the customer's type picks which. */
export type SubmitCustomerVerificationEvidenceInput = {
  attestedAt: Scalars['DateTime']['input'];
  /** 1–128 characters. */
  attestedByPartnerPolicyRef?: InputMaybe<Scalars['String']['input']>;
  /** 1–128 characters. */
  attestedByPartnerUserRef: Scalars['String']['input'];
  /** 1–20 checks, each type at most once. */
  checks: Array<VerificationCheckInput>;
  subject: VerificationSubjectInput;
};

/** §14.7. */
export type SubmitFiatWithdrawalInput = {
  operationAuthorization: OperationAuthorizationInput;
};

export type SupportFileInput = {
  fileAssetId: Scalars['UUID']['input'];
  purpose: Scalars['String']['input'];
};

/** §10.4 (IVMS101-shaped). Stored encrypted; never echoed. */
export type TravelRuleOriginatorInput = {
  /** At most 200 characters. */
  addressLine?: InputMaybe<Scalars['String']['input']>;
  /** ISO 3166-1 alpha-2, officially assigned, upper case ("DE"). */
  country: Scalars['String']['input'];
  /** 1–200: a natural person's full name or a legal entity's name. */
  name: Scalars['String']['input'];
  type: TravelRulePartyType;
  /** At most 200 characters, a DID (did:<method>:<id>); only with VASP_WALLET. */
  vaspDid?: InputMaybe<Scalars['String']['input']>;
  /** 1–200; required with VASP_WALLET, refused with PRIVATE_WALLET. */
  vaspName?: InputMaybe<Scalars['String']['input']>;
  walletType: TravelRuleWalletType;
};

export type TravelRulePartyType =
  | 'CORPORATE'
  | 'INDIVIDUAL';

export type TravelRuleWalletType =
  | 'PRIVATE_WALLET'
  | 'VASP_WALLET';

/** Contract §15.5: at least one member not null; name "" is refused; email or country "" clears it (R16). */
export type UpdateCollectionBuyerInput = {
  country?: InputMaybe<Scalars['String']['input']>;
  email?: InputMaybe<Scalars['String']['input']>;
  name?: InputMaybe<Scalars['String']['input']>;
  status?: InputMaybe<PartnerBuyerStatus>;
};

/** Contract §15.5. */
export type UpdateCollectionWalletExpiryInput = {
  /** As at creation; absent or null: never expires. */
  expiresAt?: InputMaybe<Scalars['DateTime']['input']>;
};

export type VerificationCheckInput = {
  completedAt: Scalars['DateTime']['input'];
  /** At most 10 files of the customer (§12.2), each UPLOADED or LINKED. */
  fileIds?: InputMaybe<Array<Scalars['UUID']['input']>>;
  /** At most 100 characters. */
  providerName?: InputMaybe<Scalars['String']['input']>;
  /** At most 200 characters. */
  providerReference?: InputMaybe<Scalars['String']['input']>;
  result: VerificationCheckResult;
  type: VerificationCheckType;
};

export type VerificationCheckResult =
  | 'FAILED'
  | 'PASSED'
  | 'REFERRED';

/** §12.3 the checks a partner attests to. */
export type VerificationCheckType =
  | 'ADVERSE_MEDIA'
  | 'BENEFICIAL_OWNERS'
  | 'COMPANY_REGISTRY'
  | 'DIRECTORS'
  | 'IDENTITY_DOCUMENT'
  | 'LIVENESS'
  | 'PEP_SCREENING'
  | 'PROOF_OF_ADDRESS'
  | 'SANCTIONS_SCREENING';

export type VerificationSubjectInput = {
  /** ISO 3166-1 alpha-2: residence (KYC) or incorporation (KYB). */
  country: Scalars['String']['input'];
  /** KYC only: YYYY-MM-DD, a calendar date from 1900-01-01. */
  dateOfBirth?: InputMaybe<Scalars['String']['input']>;
  /** 1–200 characters. */
  legalName: Scalars['String']['input'];
  /** KYB only: 1–100 characters. */
  registrationNumber?: InputMaybe<Scalars['String']['input']>;
};

export type WalletBeneficiary = {
  __typename?: 'WalletBeneficiary';
  /** ACTIVE, BLOCKED or REMOVED (§10.9). */
  beneficiaryStatus: Scalars['String']['output'];
  blockchain: Scalars['String']['output'];
  createdAt: Scalars['DateTime']['output'];
  customerId: Scalars['UUID']['output'];
  description?: Maybe<Scalars['String']['output']>;
  isOwner: Scalars['Boolean']['output'];
  label: Scalars['String']['output'];
  lastSyncedAt: Scalars['DateTime']['output'];
  ownerInfo?: Maybe<Scalars['StringMap']['output']>;
  ownerType: Scalars['String']['output'];
  platformName?: Maybe<Scalars['String']['output']>;
  platformUserId?: Maybe<Scalars['String']['output']>;
  purposeOfPayment?: Maybe<Scalars['Int']['output']>;
  relationshipWithThirdParty?: Maybe<Scalars['Int']['output']>;
  /** Set once, on removal; never cleared. */
  removedAt?: Maybe<Scalars['DateTime']['output']>;
  routeCode: Scalars['String']['output'];
  /** CLEARED or REJECTED. */
  screeningStatus: Scalars['String']['output'];
  updatedAt: Scalars['DateTime']['output'];
  walletAddress: Scalars['String']['output'];
  walletBeneficiaryId: Scalars['UUID']['output'];
  walletType: Scalars['String']['output'];
};

export type WalletBeneficiaryPage = {
  __typename?: 'WalletBeneficiaryPage';
  items: Array<WalletBeneficiary>;
  pageInfo: PageInfo;
};

/** Contract §11.5 D2. */
export type WebhookAttemptError =
  | 'CONNECTION_FAILED'
  | 'DESTINATION_NOT_ALLOWED'
  | 'NON_2XX_RESPONSE'
  | 'TIMEOUT';

/** Contract §11.5: PENDING → SUCCEEDED | FAILED | CANCELLED, all final. */
export type WebhookDeliveryStatus =
  | 'CANCELLED'
  | 'FAILED'
  | 'PENDING'
  | 'SUCCEEDED';

/** Contract §11.4. */
export type WebhookEndpointStatus =
  | 'DISABLED'
  | 'ENABLED';



export type ResolverTypeWrapper<T> = Promise<T> | T;


export type ResolverWithResolve<TResult, TParent, TContext, TArgs> = {
  resolve: ResolverFn<TResult, TParent, TContext, TArgs>;
};
export type Resolver<TResult, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> = ResolverFn<TResult, TParent, TContext, TArgs> | ResolverWithResolve<TResult, TParent, TContext, TArgs>;

export type ResolverFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => Promise<TResult> | TResult;

export type SubscriptionSubscribeFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => AsyncIterable<TResult> | Promise<AsyncIterable<TResult>>;

export type SubscriptionResolveFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => TResult | Promise<TResult>;

export interface SubscriptionSubscriberObject<TResult, TKey extends string, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<{ [key in TKey]: TResult }, TParent, TContext, TArgs>;
  resolve?: SubscriptionResolveFn<TResult, { [key in TKey]: TResult }, TContext, TArgs>;
}

export interface SubscriptionResolverObject<TResult, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<any, TParent, TContext, TArgs>;
  resolve: SubscriptionResolveFn<TResult, any, TContext, TArgs>;
}

export type SubscriptionObject<TResult, TKey extends string, TParent, TContext, TArgs> =
  | SubscriptionSubscriberObject<TResult, TKey, TParent, TContext, TArgs>
  | SubscriptionResolverObject<TResult, TParent, TContext, TArgs>;

export type SubscriptionResolver<TResult, TKey extends string, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> =
  | ((...args: any[]) => SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>)
  | SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>;

export type TypeResolveFn<TTypes, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>> = (
  parent: TParent,
  context: TContext,
  info: GraphQLResolveInfo
) => Maybe<TTypes> | Promise<Maybe<TTypes>>;

export type IsTypeOfResolverFn<T = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>> = (obj: T, context: TContext, info: GraphQLResolveInfo) => boolean | Promise<boolean>;

export type NextResolverFn<T> = () => Promise<T>;

export type DirectiveResolverFn<TResult = Record<PropertyKey, never>, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> = (
  next: NextResolverFn<TResult>,
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => TResult | Promise<TResult>;





/** Mapping between all available schema types and the resolvers types */
export type ResolversTypes = {
  ActivateFiatWithdrawalCapabilityInput: ActivateFiatWithdrawalCapabilityInput;
  AdditionalInformationItemInput: AdditionalInformationItemInput;
  AdditionalInformationKey: AdditionalInformationKey;
  AdditionalInformationKind: AdditionalInformationKind;
  BankAccountHolderAddress: ResolverTypeWrapper<BankAccountHolderAddress>;
  BankAccountHolderAddressInput: BankAccountHolderAddressInput;
  BankAccountType: BankAccountType;
  Boolean: ResolverTypeWrapper<Scalars['Boolean']['output']>;
  CollectionPaymentTargetType: CollectionPaymentTargetType;
  ConfirmCryptoRefundInput: ConfirmCryptoRefundInput;
  ConversionFixedSide: ConversionFixedSide;
  CreateBankAccountInput: CreateBankAccountInput;
  CreateCheckoutLinkInput: CreateCheckoutLinkInput;
  CreateCheckoutPosPaymentRequestInput: CreateCheckoutPosPaymentRequestInput;
  CreateCollectionBuyerInput: CreateCollectionBuyerInput;
  CreateCollectionWalletInput: CreateCollectionWalletInput;
  CreateConversionApprovalDraftInput: CreateConversionApprovalDraftInput;
  CreateConversionQuoteInput: CreateConversionQuoteInput;
  CreateCryptoCheckoutInput: CreateCryptoCheckoutInput;
  CreateCryptoRefundApprovalDraftInput: CreateCryptoRefundApprovalDraftInput;
  CreateCryptoWalletBeneficiaryInput: CreateCryptoWalletBeneficiaryInput;
  CreateCryptoWithdrawalApprovalDraftInput: CreateCryptoWithdrawalApprovalDraftInput;
  CreateCryptoWithdrawalQuoteInput: CreateCryptoWithdrawalQuoteInput;
  CreateCustomerFileInput: CreateCustomerFileInput;
  CreateCustomerInput: CreateCustomerInput;
  CreateFiatAccountApplicationInput: CreateFiatAccountApplicationInput;
  CreateFiatWithdrawalApprovalDraftInput: CreateFiatWithdrawalApprovalDraftInput;
  CreateFiatWithdrawalQuoteInput: CreateFiatWithdrawalQuoteInput;
  CreateFrontendSessionInput: CreateFrontendSessionInput;
  CreateWebhookEndpointInput: CreateWebhookEndpointInput;
  CryptoWithdrawal: ResolverTypeWrapper<CryptoWithdrawalRow>;
  CryptoWithdrawalPage: ResolverTypeWrapper<Omit<CryptoWithdrawalPage, 'items'> & { items: Array<ResolversTypes['CryptoWithdrawal']> }>;
  CustomerVerificationStatus: CustomerVerificationStatus;
  DateTime: ResolverTypeWrapper<Scalars['DateTime']['output']>;
  FiatCapabilityStatus: FiatCapabilityStatus;
  FiatRail: FiatRail;
  FiatReturnReason: FiatReturnReason;
  Int: ResolverTypeWrapper<Scalars['Int']['output']>;
  JSONObject: ResolverTypeWrapper<Scalars['JSONObject']['output']>;
  KytResult: KytResult;
  Mutation: ResolverTypeWrapper<Record<PropertyKey, never>>;
  OperationAuthorizationInput: OperationAuthorizationInput;
  PageInfo: ResolverTypeWrapper<PageInfo>;
  PartnerBalance: ResolverTypeWrapper<PartnerBalance>;
  PartnerBalanceAmounts: ResolverTypeWrapper<PartnerBalanceAmounts>;
  PartnerBalancePage: ResolverTypeWrapper<PartnerBalancePage>;
  PartnerBankAccount: ResolverTypeWrapper<BankAccountView>;
  PartnerBankAccountPage: ResolverTypeWrapper<Omit<PartnerBankAccountPage, 'items'> & { items: Array<ResolversTypes['PartnerBankAccount']> }>;
  PartnerBankAccountStatus: PartnerBankAccountStatus;
  PartnerBuyer: ResolverTypeWrapper<BuyerView>;
  PartnerBuyerPage: ResolverTypeWrapper<Omit<PartnerBuyerPage, 'items'> & { items: Array<ResolversTypes['PartnerBuyer']> }>;
  PartnerBuyerStatus: PartnerBuyerStatus;
  PartnerCheckout: ResolverTypeWrapper<CheckoutView>;
  PartnerCheckoutLink: ResolverTypeWrapper<PartnerCheckoutLink>;
  PartnerCheckoutPage: ResolverTypeWrapper<Omit<PartnerCheckoutPage, 'items'> & { items: Array<ResolversTypes['PartnerCheckout']> }>;
  PartnerCheckoutPosPaymentRequest: ResolverTypeWrapper<PartnerCheckoutPosPaymentRequest>;
  PartnerCheckoutStatus: PartnerCheckoutStatus;
  PartnerCollectionPayment: ResolverTypeWrapper<CollectionPaymentView>;
  PartnerCollectionPaymentPage: ResolverTypeWrapper<Omit<PartnerCollectionPaymentPage, 'items'> & { items: Array<ResolversTypes['PartnerCollectionPayment']> }>;
  PartnerCollectionPaymentStatus: PartnerCollectionPaymentStatus;
  PartnerCollectionWallet: ResolverTypeWrapper<CollectionWalletView>;
  PartnerCollectionWalletPage: ResolverTypeWrapper<Omit<PartnerCollectionWalletPage, 'items'> & { items: Array<ResolversTypes['PartnerCollectionWallet']> }>;
  PartnerCollectionWalletStatus: PartnerCollectionWalletStatus;
  PartnerConversion: ResolverTypeWrapper<ConversionRow>;
  PartnerConversionPage: ResolverTypeWrapper<Omit<PartnerConversionPage, 'items'> & { items: Array<ResolversTypes['PartnerConversion']> }>;
  PartnerConversionQuote: ResolverTypeWrapper<PartnerConversionQuote>;
  PartnerConversionQuotePage: ResolverTypeWrapper<PartnerConversionQuotePage>;
  PartnerConversionQuoteStatus: PartnerConversionQuoteStatus;
  PartnerConversionStatus: PartnerConversionStatus;
  PartnerCryptoDeposit: ResolverTypeWrapper<DepositView>;
  PartnerCryptoDepositPage: ResolverTypeWrapper<Omit<PartnerCryptoDepositPage, 'items'> & { items: Array<ResolversTypes['PartnerCryptoDeposit']> }>;
  PartnerCryptoDepositStatus: PartnerCryptoDepositStatus;
  PartnerCryptoDepositWallet: ResolverTypeWrapper<PartnerCryptoDepositWallet>;
  PartnerCryptoDepositWalletPage: ResolverTypeWrapper<PartnerCryptoDepositWalletPage>;
  PartnerCryptoDepositWalletStatus: PartnerCryptoDepositWalletStatus;
  PartnerCryptoRefund: ResolverTypeWrapper<CryptoRefundRow>;
  PartnerCryptoRefundPage: ResolverTypeWrapper<Omit<PartnerCryptoRefundPage, 'items'> & { items: Array<ResolversTypes['PartnerCryptoRefund']> }>;
  PartnerCryptoRefundStatus: PartnerCryptoRefundStatus;
  PartnerCryptoWithdrawalQuote: ResolverTypeWrapper<PartnerCryptoWithdrawalQuote>;
  PartnerCustomer: ResolverTypeWrapper<CustomerView>;
  PartnerCustomerFile: ResolverTypeWrapper<CustomerFileView>;
  PartnerCustomerFilePage: ResolverTypeWrapper<Omit<PartnerCustomerFilePage, 'items'> & { items: Array<ResolversTypes['PartnerCustomerFile']> }>;
  PartnerCustomerFileStatus: PartnerCustomerFileStatus;
  PartnerEvent: ResolverTypeWrapper<PartnerEvent>;
  PartnerEventPage: ResolverTypeWrapper<PartnerEventPage>;
  PartnerFiatAccount: ResolverTypeWrapper<FiatAccountView>;
  PartnerFiatAccountApplication: ResolverTypeWrapper<FiatAccountApplicationView>;
  PartnerFiatAccountApplicationStatus: PartnerFiatAccountApplicationStatus;
  PartnerFiatAccountCapability: ResolverTypeWrapper<PartnerFiatAccountCapability>;
  PartnerFiatAccountPage: ResolverTypeWrapper<Omit<PartnerFiatAccountPage, 'items'> & { items: Array<ResolversTypes['PartnerFiatAccount']> }>;
  PartnerFiatAccountStatus: PartnerFiatAccountStatus;
  PartnerFiatDeposit: ResolverTypeWrapper<FiatDepositView>;
  PartnerFiatDepositInstructions: ResolverTypeWrapper<PartnerFiatDepositInstructions>;
  PartnerFiatDepositPage: ResolverTypeWrapper<Omit<PartnerFiatDepositPage, 'items'> & { items: Array<ResolversTypes['PartnerFiatDeposit']> }>;
  PartnerFiatDepositStatus: PartnerFiatDepositStatus;
  PartnerFiatWithdrawal: ResolverTypeWrapper<FiatWithdrawalView>;
  PartnerFiatWithdrawalCapability: ResolverTypeWrapper<FiatWithdrawalCapabilityView>;
  PartnerFiatWithdrawalPage: ResolverTypeWrapper<Omit<PartnerFiatWithdrawalPage, 'items'> & { items: Array<ResolversTypes['PartnerFiatWithdrawal']> }>;
  PartnerFiatWithdrawalQuote: ResolverTypeWrapper<PartnerFiatWithdrawalQuote>;
  PartnerFiatWithdrawalStatus: PartnerFiatWithdrawalStatus;
  PartnerFilePurpose: PartnerFilePurpose;
  PartnerFileSource: PartnerFileSource;
  PartnerFileUpload: ResolverTypeWrapper<PartnerFileUpload>;
  PartnerFrontendSession: ResolverTypeWrapper<PartnerFrontendSession>;
  PartnerFrontendSessionPage: ResolverTypeWrapper<PartnerFrontendSessionPage>;
  PartnerInformationRequest: ResolverTypeWrapper<PartnerInformationRequest>;
  PartnerResourceType: PartnerResourceType;
  PartnerTransaction: ResolverTypeWrapper<PartnerTransaction>;
  PartnerTransactionPage: ResolverTypeWrapper<PartnerTransactionPage>;
  PartnerTransactionType: PartnerTransactionType;
  PartnerWebhookAttempt: ResolverTypeWrapper<PartnerWebhookAttempt>;
  PartnerWebhookDelivery: ResolverTypeWrapper<PartnerWebhookDelivery>;
  PartnerWebhookDeliveryPage: ResolverTypeWrapper<PartnerWebhookDeliveryPage>;
  PartnerWebhookEndpoint: ResolverTypeWrapper<PartnerWebhookEndpoint>;
  PartnerWebhookEndpointPage: ResolverTypeWrapper<PartnerWebhookEndpointPage>;
  PartnerWebhookEndpointSecret: ResolverTypeWrapper<PartnerWebhookEndpointSecret>;
  ProblemCode: ProblemCode;
  Query: ResolverTypeWrapper<Record<PropertyKey, never>>;
  RedeliverWebhookEventInput: RedeliverWebhookEventInput;
  SimulateCollectionPaymentInput: SimulateCollectionPaymentInput;
  SimulateCryptoDepositInput: SimulateCryptoDepositInput;
  SimulateFiatDepositInput: SimulateFiatDepositInput;
  String: ResolverTypeWrapper<Scalars['String']['output']>;
  StringMap: ResolverTypeWrapper<Scalars['StringMap']['output']>;
  SubmitAdditionalInformationInput: SubmitAdditionalInformationInput;
  SubmitCryptoDepositTravelRuleInformationInput: SubmitCryptoDepositTravelRuleInformationInput;
  SubmitCryptoRefundInput: SubmitCryptoRefundInput;
  SubmitCryptoWithdrawalInput: SubmitCryptoWithdrawalInput;
  SubmitCustomerVerificationEvidenceInput: SubmitCustomerVerificationEvidenceInput;
  SubmitFiatWithdrawalInput: SubmitFiatWithdrawalInput;
  SupportFileInput: SupportFileInput;
  TravelRuleOriginatorInput: TravelRuleOriginatorInput;
  TravelRulePartyType: TravelRulePartyType;
  TravelRuleWalletType: TravelRuleWalletType;
  UUID: ResolverTypeWrapper<Scalars['UUID']['output']>;
  UpdateCollectionBuyerInput: UpdateCollectionBuyerInput;
  UpdateCollectionWalletExpiryInput: UpdateCollectionWalletExpiryInput;
  VerificationCheckInput: VerificationCheckInput;
  VerificationCheckResult: VerificationCheckResult;
  VerificationCheckType: VerificationCheckType;
  VerificationSubjectInput: VerificationSubjectInput;
  WalletBeneficiary: ResolverTypeWrapper<WalletBeneficiaryRow>;
  WalletBeneficiaryPage: ResolverTypeWrapper<Omit<WalletBeneficiaryPage, 'items'> & { items: Array<ResolversTypes['WalletBeneficiary']> }>;
  WebhookAttemptError: WebhookAttemptError;
  WebhookDeliveryStatus: WebhookDeliveryStatus;
  WebhookEndpointStatus: WebhookEndpointStatus;
};

/** Mapping between all available schema types and the resolvers parents */
export type ResolversParentTypes = {
  ActivateFiatWithdrawalCapabilityInput: ActivateFiatWithdrawalCapabilityInput;
  AdditionalInformationItemInput: AdditionalInformationItemInput;
  BankAccountHolderAddress: BankAccountHolderAddress;
  BankAccountHolderAddressInput: BankAccountHolderAddressInput;
  Boolean: Scalars['Boolean']['output'];
  ConfirmCryptoRefundInput: ConfirmCryptoRefundInput;
  CreateBankAccountInput: CreateBankAccountInput;
  CreateCheckoutLinkInput: CreateCheckoutLinkInput;
  CreateCheckoutPosPaymentRequestInput: CreateCheckoutPosPaymentRequestInput;
  CreateCollectionBuyerInput: CreateCollectionBuyerInput;
  CreateCollectionWalletInput: CreateCollectionWalletInput;
  CreateConversionApprovalDraftInput: CreateConversionApprovalDraftInput;
  CreateConversionQuoteInput: CreateConversionQuoteInput;
  CreateCryptoCheckoutInput: CreateCryptoCheckoutInput;
  CreateCryptoRefundApprovalDraftInput: CreateCryptoRefundApprovalDraftInput;
  CreateCryptoWalletBeneficiaryInput: CreateCryptoWalletBeneficiaryInput;
  CreateCryptoWithdrawalApprovalDraftInput: CreateCryptoWithdrawalApprovalDraftInput;
  CreateCryptoWithdrawalQuoteInput: CreateCryptoWithdrawalQuoteInput;
  CreateCustomerFileInput: CreateCustomerFileInput;
  CreateCustomerInput: CreateCustomerInput;
  CreateFiatAccountApplicationInput: CreateFiatAccountApplicationInput;
  CreateFiatWithdrawalApprovalDraftInput: CreateFiatWithdrawalApprovalDraftInput;
  CreateFiatWithdrawalQuoteInput: CreateFiatWithdrawalQuoteInput;
  CreateFrontendSessionInput: CreateFrontendSessionInput;
  CreateWebhookEndpointInput: CreateWebhookEndpointInput;
  CryptoWithdrawal: CryptoWithdrawalRow;
  CryptoWithdrawalPage: Omit<CryptoWithdrawalPage, 'items'> & { items: Array<ResolversParentTypes['CryptoWithdrawal']> };
  DateTime: Scalars['DateTime']['output'];
  Int: Scalars['Int']['output'];
  JSONObject: Scalars['JSONObject']['output'];
  Mutation: Record<PropertyKey, never>;
  OperationAuthorizationInput: OperationAuthorizationInput;
  PageInfo: PageInfo;
  PartnerBalance: PartnerBalance;
  PartnerBalanceAmounts: PartnerBalanceAmounts;
  PartnerBalancePage: PartnerBalancePage;
  PartnerBankAccount: BankAccountView;
  PartnerBankAccountPage: Omit<PartnerBankAccountPage, 'items'> & { items: Array<ResolversParentTypes['PartnerBankAccount']> };
  PartnerBuyer: BuyerView;
  PartnerBuyerPage: Omit<PartnerBuyerPage, 'items'> & { items: Array<ResolversParentTypes['PartnerBuyer']> };
  PartnerCheckout: CheckoutView;
  PartnerCheckoutLink: PartnerCheckoutLink;
  PartnerCheckoutPage: Omit<PartnerCheckoutPage, 'items'> & { items: Array<ResolversParentTypes['PartnerCheckout']> };
  PartnerCheckoutPosPaymentRequest: PartnerCheckoutPosPaymentRequest;
  PartnerCollectionPayment: CollectionPaymentView;
  PartnerCollectionPaymentPage: Omit<PartnerCollectionPaymentPage, 'items'> & { items: Array<ResolversParentTypes['PartnerCollectionPayment']> };
  PartnerCollectionWallet: CollectionWalletView;
  PartnerCollectionWalletPage: Omit<PartnerCollectionWalletPage, 'items'> & { items: Array<ResolversParentTypes['PartnerCollectionWallet']> };
  PartnerConversion: ConversionRow;
  PartnerConversionPage: Omit<PartnerConversionPage, 'items'> & { items: Array<ResolversParentTypes['PartnerConversion']> };
  PartnerConversionQuote: PartnerConversionQuote;
  PartnerConversionQuotePage: PartnerConversionQuotePage;
  PartnerCryptoDeposit: DepositView;
  PartnerCryptoDepositPage: Omit<PartnerCryptoDepositPage, 'items'> & { items: Array<ResolversParentTypes['PartnerCryptoDeposit']> };
  PartnerCryptoDepositWallet: PartnerCryptoDepositWallet;
  PartnerCryptoDepositWalletPage: PartnerCryptoDepositWalletPage;
  PartnerCryptoRefund: CryptoRefundRow;
  PartnerCryptoRefundPage: Omit<PartnerCryptoRefundPage, 'items'> & { items: Array<ResolversParentTypes['PartnerCryptoRefund']> };
  PartnerCryptoWithdrawalQuote: PartnerCryptoWithdrawalQuote;
  PartnerCustomer: CustomerView;
  PartnerCustomerFile: CustomerFileView;
  PartnerCustomerFilePage: Omit<PartnerCustomerFilePage, 'items'> & { items: Array<ResolversParentTypes['PartnerCustomerFile']> };
  PartnerEvent: PartnerEvent;
  PartnerEventPage: PartnerEventPage;
  PartnerFiatAccount: FiatAccountView;
  PartnerFiatAccountApplication: FiatAccountApplicationView;
  PartnerFiatAccountCapability: PartnerFiatAccountCapability;
  PartnerFiatAccountPage: Omit<PartnerFiatAccountPage, 'items'> & { items: Array<ResolversParentTypes['PartnerFiatAccount']> };
  PartnerFiatDeposit: FiatDepositView;
  PartnerFiatDepositInstructions: PartnerFiatDepositInstructions;
  PartnerFiatDepositPage: Omit<PartnerFiatDepositPage, 'items'> & { items: Array<ResolversParentTypes['PartnerFiatDeposit']> };
  PartnerFiatWithdrawal: FiatWithdrawalView;
  PartnerFiatWithdrawalCapability: FiatWithdrawalCapabilityView;
  PartnerFiatWithdrawalPage: Omit<PartnerFiatWithdrawalPage, 'items'> & { items: Array<ResolversParentTypes['PartnerFiatWithdrawal']> };
  PartnerFiatWithdrawalQuote: PartnerFiatWithdrawalQuote;
  PartnerFileUpload: PartnerFileUpload;
  PartnerFrontendSession: PartnerFrontendSession;
  PartnerFrontendSessionPage: PartnerFrontendSessionPage;
  PartnerInformationRequest: PartnerInformationRequest;
  PartnerTransaction: PartnerTransaction;
  PartnerTransactionPage: PartnerTransactionPage;
  PartnerWebhookAttempt: PartnerWebhookAttempt;
  PartnerWebhookDelivery: PartnerWebhookDelivery;
  PartnerWebhookDeliveryPage: PartnerWebhookDeliveryPage;
  PartnerWebhookEndpoint: PartnerWebhookEndpoint;
  PartnerWebhookEndpointPage: PartnerWebhookEndpointPage;
  PartnerWebhookEndpointSecret: PartnerWebhookEndpointSecret;
  Query: Record<PropertyKey, never>;
  RedeliverWebhookEventInput: RedeliverWebhookEventInput;
  SimulateCollectionPaymentInput: SimulateCollectionPaymentInput;
  SimulateCryptoDepositInput: SimulateCryptoDepositInput;
  SimulateFiatDepositInput: SimulateFiatDepositInput;
  String: Scalars['String']['output'];
  StringMap: Scalars['StringMap']['output'];
  SubmitAdditionalInformationInput: SubmitAdditionalInformationInput;
  SubmitCryptoDepositTravelRuleInformationInput: SubmitCryptoDepositTravelRuleInformationInput;
  SubmitCryptoRefundInput: SubmitCryptoRefundInput;
  SubmitCryptoWithdrawalInput: SubmitCryptoWithdrawalInput;
  SubmitCustomerVerificationEvidenceInput: SubmitCustomerVerificationEvidenceInput;
  SubmitFiatWithdrawalInput: SubmitFiatWithdrawalInput;
  SupportFileInput: SupportFileInput;
  TravelRuleOriginatorInput: TravelRuleOriginatorInput;
  UUID: Scalars['UUID']['output'];
  UpdateCollectionBuyerInput: UpdateCollectionBuyerInput;
  UpdateCollectionWalletExpiryInput: UpdateCollectionWalletExpiryInput;
  VerificationCheckInput: VerificationCheckInput;
  VerificationSubjectInput: VerificationSubjectInput;
  WalletBeneficiary: WalletBeneficiaryRow;
  WalletBeneficiaryPage: Omit<WalletBeneficiaryPage, 'items'> & { items: Array<ResolversParentTypes['WalletBeneficiary']> };
};

export type StatusDirectiveArgs = {
  code: Scalars['Int']['input'];
};

export type StatusDirectiveResolver<Result, Parent, ContextType = CallContext, Args = StatusDirectiveArgs> = DirectiveResolverFn<Result, Parent, ContextType, Args>;

export type BankAccountHolderAddressResolvers<ContextType = CallContext, ParentType extends ResolversParentTypes['BankAccountHolderAddress'] = ResolversParentTypes['BankAccountHolderAddress']> = {
  city?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  country?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  line1?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  line2?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  postalCode?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  region?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type CryptoWithdrawalResolvers<ContextType = CallContext, ParentType extends ResolversParentTypes['CryptoWithdrawal'] = ResolversParentTypes['CryptoWithdrawal']> = {
  amountMinor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  clientReference?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  completedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  currency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  currencyScale?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  customerId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  externalFeeFields?: Resolver<Maybe<ResolversTypes['StringMap']>, ParentType, ContextType>;
  feeAmountMinor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  feeCurrency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  kytResult?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  otherPurpose?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  otherRelationship?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  purposeOfPayment?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  quoteId?: Resolver<Maybe<ResolversTypes['UUID']>, ParentType, ContextType>;
  relationshipWithThirdParty?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  routeCode?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  statusInfo?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  submittedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  txHash?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  walletBeneficiaryId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  walletBeneficiaryLabel?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  withdrawalId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  withdrawalType?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type CryptoWithdrawalPageResolvers<ContextType = CallContext, ParentType extends ResolversParentTypes['CryptoWithdrawalPage'] = ResolversParentTypes['CryptoWithdrawalPage']> = {
  items?: Resolver<Array<ResolversTypes['CryptoWithdrawal']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export interface DateTimeScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['DateTime'], any> {
  name: 'DateTime';
}

export interface JsonObjectScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['JSONObject'], any> {
  name: 'JSONObject';
}

export type MutationResolvers<ContextType = CallContext, ParentType extends ResolversParentTypes['Mutation'] = ResolversParentTypes['Mutation']> = {
  activateFiatWithdrawalCapability?: Resolver<ResolversTypes['PartnerFiatWithdrawalCapability'], ParentType, ContextType, RequireFields<MutationActivateFiatWithdrawalCapabilityArgs, 'customerId' | 'input' | 'rail'>>;
  closeCryptoCheckout?: Resolver<ResolversTypes['PartnerCheckout'], ParentType, ContextType, RequireFields<MutationCloseCryptoCheckoutArgs, 'checkoutId'>>;
  confirmCryptoRefund?: Resolver<ResolversTypes['PartnerCryptoRefund'], ParentType, ContextType, RequireFields<MutationConfirmCryptoRefundArgs, 'input' | 'refundId'>>;
  createBankAccount?: Resolver<ResolversTypes['PartnerBankAccount'], ParentType, ContextType, RequireFields<MutationCreateBankAccountArgs, 'customerId' | 'input'>>;
  createCheckoutLink?: Resolver<ResolversTypes['PartnerCheckoutLink'], ParentType, ContextType, RequireFields<MutationCreateCheckoutLinkArgs, 'checkoutId' | 'input'>>;
  createCheckoutPosPaymentRequest?: Resolver<ResolversTypes['PartnerCheckoutPosPaymentRequest'], ParentType, ContextType, RequireFields<MutationCreateCheckoutPosPaymentRequestArgs, 'checkoutId' | 'input'>>;
  createCollectionBuyer?: Resolver<ResolversTypes['PartnerBuyer'], ParentType, ContextType, RequireFields<MutationCreateCollectionBuyerArgs, 'customerId' | 'input'>>;
  createCollectionPaymentRefundApprovalDraft?: Resolver<ResolversTypes['PartnerCryptoRefund'], ParentType, ContextType, RequireFields<MutationCreateCollectionPaymentRefundApprovalDraftArgs, 'collectionPaymentId' | 'input'>>;
  createCollectionWallet?: Resolver<ResolversTypes['PartnerCollectionWallet'], ParentType, ContextType, RequireFields<MutationCreateCollectionWalletArgs, 'customerId' | 'input'>>;
  createConversionApprovalDraft?: Resolver<ResolversTypes['PartnerConversion'], ParentType, ContextType, RequireFields<MutationCreateConversionApprovalDraftArgs, 'customerId' | 'input'>>;
  createConversionQuote?: Resolver<ResolversTypes['PartnerConversionQuote'], ParentType, ContextType, RequireFields<MutationCreateConversionQuoteArgs, 'customerId' | 'input'>>;
  createCryptoCheckout?: Resolver<ResolversTypes['PartnerCheckout'], ParentType, ContextType, RequireFields<MutationCreateCryptoCheckoutArgs, 'customerId' | 'input'>>;
  createCryptoRefundApprovalDraft?: Resolver<ResolversTypes['PartnerCryptoRefund'], ParentType, ContextType, RequireFields<MutationCreateCryptoRefundApprovalDraftArgs, 'depositId' | 'input'>>;
  createCryptoWalletBeneficiary?: Resolver<ResolversTypes['WalletBeneficiary'], ParentType, ContextType, RequireFields<MutationCreateCryptoWalletBeneficiaryArgs, 'customerId' | 'input'>>;
  createCryptoWithdrawalApprovalDraft?: Resolver<ResolversTypes['CryptoWithdrawal'], ParentType, ContextType, RequireFields<MutationCreateCryptoWithdrawalApprovalDraftArgs, 'customerId' | 'input'>>;
  createCryptoWithdrawalQuote?: Resolver<ResolversTypes['PartnerCryptoWithdrawalQuote'], ParentType, ContextType, RequireFields<MutationCreateCryptoWithdrawalQuoteArgs, 'customerId' | 'input'>>;
  createCustomer?: Resolver<ResolversTypes['PartnerCustomer'], ParentType, ContextType, RequireFields<MutationCreateCustomerArgs, 'input'>>;
  createCustomerFile?: Resolver<ResolversTypes['PartnerCustomerFile'], ParentType, ContextType, RequireFields<MutationCreateCustomerFileArgs, 'customerId' | 'input'>>;
  createFiatAccountApplication?: Resolver<ResolversTypes['PartnerFiatAccountApplication'], ParentType, ContextType, RequireFields<MutationCreateFiatAccountApplicationArgs, 'customerId' | 'input'>>;
  createFiatWithdrawalApprovalDraft?: Resolver<ResolversTypes['PartnerFiatWithdrawal'], ParentType, ContextType, RequireFields<MutationCreateFiatWithdrawalApprovalDraftArgs, 'customerId' | 'input'>>;
  createFiatWithdrawalQuote?: Resolver<ResolversTypes['PartnerFiatWithdrawalQuote'], ParentType, ContextType, RequireFields<MutationCreateFiatWithdrawalQuoteArgs, 'customerId' | 'input'>>;
  createFrontendSession?: Resolver<ResolversTypes['PartnerFrontendSession'], ParentType, ContextType, RequireFields<MutationCreateFrontendSessionArgs, 'customerId' | 'input'>>;
  createWebhookEndpoint?: Resolver<ResolversTypes['PartnerWebhookEndpointSecret'], ParentType, ContextType, RequireFields<MutationCreateWebhookEndpointArgs, 'input'>>;
  deactivateCollectionWallet?: Resolver<ResolversTypes['PartnerCollectionWallet'], ParentType, ContextType, RequireFields<MutationDeactivateCollectionWalletArgs, 'collectionWalletId'>>;
  disableWebhookEndpoint?: Resolver<ResolversTypes['PartnerWebhookEndpoint'], ParentType, ContextType, RequireFields<MutationDisableWebhookEndpointArgs, 'endpointId'>>;
  enableWebhookEndpoint?: Resolver<ResolversTypes['PartnerWebhookEndpoint'], ParentType, ContextType, RequireFields<MutationEnableWebhookEndpointArgs, 'endpointId'>>;
  redeliverWebhookEvent?: Resolver<ResolversTypes['PartnerWebhookDelivery'], ParentType, ContextType, RequireFields<MutationRedeliverWebhookEventArgs, 'endpointId' | 'input'>>;
  removeCryptoWalletBeneficiary?: Resolver<ResolversTypes['WalletBeneficiary'], ParentType, ContextType, RequireFields<MutationRemoveCryptoWalletBeneficiaryArgs, 'walletBeneficiaryId'>>;
  revokeFrontendSession?: Resolver<ResolversTypes['PartnerFrontendSession'], ParentType, ContextType, RequireFields<MutationRevokeFrontendSessionArgs, 'sessionId'>>;
  rotateWebhookEndpointSecret?: Resolver<ResolversTypes['PartnerWebhookEndpointSecret'], ParentType, ContextType, RequireFields<MutationRotateWebhookEndpointSecretArgs, 'endpointId'>>;
  simulateCollectionPayment?: Resolver<ResolversTypes['PartnerCollectionPayment'], ParentType, ContextType, RequireFields<MutationSimulateCollectionPaymentArgs, 'input'>>;
  simulateCryptoDeposit?: Resolver<ResolversTypes['PartnerCryptoDeposit'], ParentType, ContextType, RequireFields<MutationSimulateCryptoDepositArgs, 'customerId' | 'input'>>;
  simulateFiatDeposit?: Resolver<ResolversTypes['PartnerFiatDeposit'], ParentType, ContextType, RequireFields<MutationSimulateFiatDepositArgs, 'fiatAccountId' | 'input'>>;
  submitCryptoDepositTravelRuleInformation?: Resolver<ResolversTypes['PartnerCryptoDeposit'], ParentType, ContextType, RequireFields<MutationSubmitCryptoDepositTravelRuleInformationArgs, 'depositId' | 'input'>>;
  submitCryptoRefund?: Resolver<ResolversTypes['PartnerCryptoRefund'], ParentType, ContextType, RequireFields<MutationSubmitCryptoRefundArgs, 'input' | 'refundId'>>;
  submitCryptoWithdrawal?: Resolver<ResolversTypes['CryptoWithdrawal'], ParentType, ContextType, RequireFields<MutationSubmitCryptoWithdrawalArgs, 'input' | 'withdrawalId'>>;
  submitCustomerVerificationEvidence?: Resolver<ResolversTypes['PartnerCustomer'], ParentType, ContextType, RequireFields<MutationSubmitCustomerVerificationEvidenceArgs, 'customerId' | 'input'>>;
  submitFiatAccountApplicationAdditionalInformation?: Resolver<ResolversTypes['PartnerFiatAccountApplication'], ParentType, ContextType, RequireFields<MutationSubmitFiatAccountApplicationAdditionalInformationArgs, 'applicationId' | 'input'>>;
  submitFiatWithdrawal?: Resolver<ResolversTypes['PartnerFiatWithdrawal'], ParentType, ContextType, RequireFields<MutationSubmitFiatWithdrawalArgs, 'fiatWithdrawalId' | 'input'>>;
  submitFiatWithdrawalAdditionalInformation?: Resolver<ResolversTypes['PartnerFiatWithdrawal'], ParentType, ContextType, RequireFields<MutationSubmitFiatWithdrawalAdditionalInformationArgs, 'fiatWithdrawalId' | 'input'>>;
  submitFiatWithdrawalCapabilityActivationAdditionalInformation?: Resolver<ResolversTypes['PartnerFiatWithdrawalCapability'], ParentType, ContextType, RequireFields<MutationSubmitFiatWithdrawalCapabilityActivationAdditionalInformationArgs, 'customerId' | 'input' | 'rail'>>;
  syncCryptoWalletBeneficiary?: Resolver<ResolversTypes['WalletBeneficiary'], ParentType, ContextType, RequireFields<MutationSyncCryptoWalletBeneficiaryArgs, 'walletBeneficiaryId'>>;
  updateCollectionBuyer?: Resolver<ResolversTypes['PartnerBuyer'], ParentType, ContextType, RequireFields<MutationUpdateCollectionBuyerArgs, 'buyerId' | 'input'>>;
  updateCollectionWalletExpiry?: Resolver<ResolversTypes['PartnerCollectionWallet'], ParentType, ContextType, RequireFields<MutationUpdateCollectionWalletExpiryArgs, 'collectionWalletId' | 'input'>>;
};

export type PageInfoResolvers<ContextType = CallContext, ParentType extends ResolversParentTypes['PageInfo'] = ResolversParentTypes['PageInfo']> = {
  endCursor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  hasNextPage?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
};

export type PartnerBalanceResolvers<ContextType = CallContext, ParentType extends ResolversParentTypes['PartnerBalance'] = ResolversParentTypes['PartnerBalance']> = {
  availableMinor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  currency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  currencyScale?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  customerId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  heldMinor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  totalMinor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
};

export type PartnerBalanceAmountsResolvers<ContextType = CallContext, ParentType extends ResolversParentTypes['PartnerBalanceAmounts'] = ResolversParentTypes['PartnerBalanceAmounts']> = {
  availableMinor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  heldMinor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  totalMinor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type PartnerBalancePageResolvers<ContextType = CallContext, ParentType extends ResolversParentTypes['PartnerBalancePage'] = ResolversParentTypes['PartnerBalancePage']> = {
  items?: Resolver<Array<ResolversTypes['PartnerBalance']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type PartnerBankAccountResolvers<ContextType = CallContext, ParentType extends ResolversParentTypes['PartnerBankAccount'] = ResolversParentTypes['PartnerBankAccount']> = {
  accountIdentifierLast4?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  accountType?: Resolver<ResolversTypes['BankAccountType'], ParentType, ContextType>;
  bankAccountId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  bankName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  bic?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  currency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  customerId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  fingerprint?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  holderAddress?: Resolver<Maybe<ResolversTypes['BankAccountHolderAddress']>, ParentType, ContextType>;
  holderCountry?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  holderName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  holderType?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  ibanCountry?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  isOwner?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  label?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  otherRelationship?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  relationshipWithThirdParty?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  routingNumber?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  status?: Resolver<ResolversTypes['PartnerBankAccountStatus'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  usAccountKind?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type PartnerBankAccountPageResolvers<ContextType = CallContext, ParentType extends ResolversParentTypes['PartnerBankAccountPage'] = ResolversParentTypes['PartnerBankAccountPage']> = {
  items?: Resolver<Array<ResolversTypes['PartnerBankAccount']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type PartnerBuyerResolvers<ContextType = CallContext, ParentType extends ResolversParentTypes['PartnerBuyer'] = ResolversParentTypes['PartnerBuyer']> = {
  buyerId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  country?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  customerId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  email?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  externalRef?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['PartnerBuyerStatus'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
};

export type PartnerBuyerPageResolvers<ContextType = CallContext, ParentType extends ResolversParentTypes['PartnerBuyerPage'] = ResolversParentTypes['PartnerBuyerPage']> = {
  items?: Resolver<Array<ResolversTypes['PartnerBuyer']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type PartnerCheckoutResolvers<ContextType = CallContext, ParentType extends ResolversParentTypes['PartnerCheckout'] = ResolversParentTypes['PartnerCheckout']> = {
  address?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  amountDueMinor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  amountMinor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  amountPaidMinor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  amountPendingMinor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  blockchain?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  buyerId?: Resolver<Maybe<ResolversTypes['UUID']>, ParentType, ContextType>;
  cancelUrl?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  checkoutId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  closedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  currency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  currencyScale?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  customerId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  description?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  expiresAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  lateAmountMinor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  merchantReference?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  overpaidMinor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  paidAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  routeCode?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['PartnerCheckoutStatus'], ParentType, ContextType>;
  statusInfo?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  successUrl?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  underpaymentToleranceMinor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
};

export type PartnerCheckoutLinkResolvers<ContextType = CallContext, ParentType extends ResolversParentTypes['PartnerCheckoutLink'] = ResolversParentTypes['PartnerCheckoutLink']> = {
  checkoutId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  expiresAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  linkId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  url?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type PartnerCheckoutPageResolvers<ContextType = CallContext, ParentType extends ResolversParentTypes['PartnerCheckoutPage'] = ResolversParentTypes['PartnerCheckoutPage']> = {
  items?: Resolver<Array<ResolversTypes['PartnerCheckout']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type PartnerCheckoutPosPaymentRequestResolvers<ContextType = CallContext, ParentType extends ResolversParentTypes['PartnerCheckoutPosPaymentRequest'] = ResolversParentTypes['PartnerCheckoutPosPaymentRequest']> = {
  address?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  amountDueMinor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  blockchain?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  checkoutId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  currency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  currencyScale?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  expiresAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  notice?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  paymentUri?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  posPaymentRequestId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  terminalRef?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type PartnerCollectionPaymentResolvers<ContextType = CallContext, ParentType extends ResolversParentTypes['PartnerCollectionPayment'] = ResolversParentTypes['PartnerCollectionPayment']> = {
  amountMinor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  blockchain?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  buyerId?: Resolver<Maybe<ResolversTypes['UUID']>, ParentType, ContextType>;
  checkoutId?: Resolver<Maybe<ResolversTypes['UUID']>, ParentType, ContextType>;
  collectionPaymentId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  collectionWalletId?: Resolver<Maybe<ResolversTypes['UUID']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  creditedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  currency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  currencyScale?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  customerId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  detectedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  fromAddress?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  late?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  refundableAmountMinor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  routeCode?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['PartnerCollectionPaymentStatus'], ParentType, ContextType>;
  statusInfo?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  targetType?: Resolver<ResolversTypes['CollectionPaymentTargetType'], ParentType, ContextType>;
  toAddress?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  txHash?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
};

export type PartnerCollectionPaymentPageResolvers<ContextType = CallContext, ParentType extends ResolversParentTypes['PartnerCollectionPaymentPage'] = ResolversParentTypes['PartnerCollectionPaymentPage']> = {
  items?: Resolver<Array<ResolversTypes['PartnerCollectionPayment']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type PartnerCollectionWalletResolvers<ContextType = CallContext, ParentType extends ResolversParentTypes['PartnerCollectionWallet'] = ResolversParentTypes['PartnerCollectionWallet']> = {
  address?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  amountReceivedMinor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  blockchain?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  buyerId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  collectionWalletId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  currency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  currencyScale?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  customerId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  deactivatedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  expiresAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  label?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  routeCode?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['PartnerCollectionWalletStatus'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
};

export type PartnerCollectionWalletPageResolvers<ContextType = CallContext, ParentType extends ResolversParentTypes['PartnerCollectionWalletPage'] = ResolversParentTypes['PartnerCollectionWalletPage']> = {
  items?: Resolver<Array<ResolversTypes['PartnerCollectionWallet']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type PartnerConversionResolvers<ContextType = CallContext, ParentType extends ResolversParentTypes['PartnerConversion'] = ResolversParentTypes['PartnerConversion']> = {
  clientReference?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  completedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  conversionId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  customerId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  fixedSide?: Resolver<ResolversTypes['ConversionFixedSide'], ParentType, ContextType>;
  midRate?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  quoteId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  rate?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  sourceAmountMinor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  sourceCurrency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  sourceCurrencyScale?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  spreadAmountMinor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  spreadBps?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['PartnerConversionStatus'], ParentType, ContextType>;
  statusInfo?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  targetAmountMinor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  targetCurrency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  targetCurrencyScale?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
};

export type PartnerConversionPageResolvers<ContextType = CallContext, ParentType extends ResolversParentTypes['PartnerConversionPage'] = ResolversParentTypes['PartnerConversionPage']> = {
  items?: Resolver<Array<ResolversTypes['PartnerConversion']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type PartnerConversionQuoteResolvers<ContextType = CallContext, ParentType extends ResolversParentTypes['PartnerConversionQuote'] = ResolversParentTypes['PartnerConversionQuote']> = {
  conversionId?: Resolver<Maybe<ResolversTypes['UUID']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  customerId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  expiresAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  fixedSide?: Resolver<ResolversTypes['ConversionFixedSide'], ParentType, ContextType>;
  midRate?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  quoteId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  rate?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  rateAsOf?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  sourceAmountMinor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  sourceCurrency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  sourceCurrencyScale?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  spreadAmountMinor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  spreadBps?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['PartnerConversionQuoteStatus'], ParentType, ContextType>;
  targetAmountMinor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  targetCurrency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  targetCurrencyScale?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type PartnerConversionQuotePageResolvers<ContextType = CallContext, ParentType extends ResolversParentTypes['PartnerConversionQuotePage'] = ResolversParentTypes['PartnerConversionQuotePage']> = {
  items?: Resolver<Array<ResolversTypes['PartnerConversionQuote']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type PartnerCryptoDepositResolvers<ContextType = CallContext, ParentType extends ResolversParentTypes['PartnerCryptoDeposit'] = ResolversParentTypes['PartnerCryptoDeposit']> = {
  amountMinor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  blockNumber?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  blockchain?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  creditedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  currency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  currencyScale?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  customerId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  depositId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  finalizedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  fromAddress?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  refundableAmountMinor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  routeCode?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['PartnerCryptoDepositStatus'], ParentType, ContextType>;
  statusInfo?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  toAddress?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  travelRuleRequired?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  travelRuleSubmittedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  txHash?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
};

export type PartnerCryptoDepositPageResolvers<ContextType = CallContext, ParentType extends ResolversParentTypes['PartnerCryptoDepositPage'] = ResolversParentTypes['PartnerCryptoDepositPage']> = {
  items?: Resolver<Array<ResolversTypes['PartnerCryptoDeposit']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type PartnerCryptoDepositWalletResolvers<ContextType = CallContext, ParentType extends ResolversParentTypes['PartnerCryptoDepositWallet'] = ResolversParentTypes['PartnerCryptoDepositWallet']> = {
  address?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  blockchain?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  chainId?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  currency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  currencyScale?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  customerId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  rail?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  routeCode?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['PartnerCryptoDepositWalletStatus'], ParentType, ContextType>;
  tokenContract?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  travelRuleThresholdMinor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type PartnerCryptoDepositWalletPageResolvers<ContextType = CallContext, ParentType extends ResolversParentTypes['PartnerCryptoDepositWalletPage'] = ResolversParentTypes['PartnerCryptoDepositWalletPage']> = {
  items?: Resolver<Array<ResolversTypes['PartnerCryptoDepositWallet']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type PartnerCryptoRefundResolvers<ContextType = CallContext, ParentType extends ResolversParentTypes['PartnerCryptoRefund'] = ResolversParentTypes['PartnerCryptoRefund']> = {
  amountMinor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  collectionPaymentId?: Resolver<Maybe<ResolversTypes['UUID']>, ParentType, ContextType>;
  completedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  confirmedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  currency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  currencyScale?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  customerId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  depositId?: Resolver<Maybe<ResolversTypes['UUID']>, ParentType, ContextType>;
  kytResult?: Resolver<ResolversTypes['KytResult'], ParentType, ContextType>;
  reason?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  refundAddress?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  refundId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  routeCode?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['PartnerCryptoRefundStatus'], ParentType, ContextType>;
  statusInfo?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  submittedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  txHash?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
};

export type PartnerCryptoRefundPageResolvers<ContextType = CallContext, ParentType extends ResolversParentTypes['PartnerCryptoRefundPage'] = ResolversParentTypes['PartnerCryptoRefundPage']> = {
  items?: Resolver<Array<ResolversTypes['PartnerCryptoRefund']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type PartnerCryptoWithdrawalQuoteResolvers<ContextType = CallContext, ParentType extends ResolversParentTypes['PartnerCryptoWithdrawalQuote'] = ResolversParentTypes['PartnerCryptoWithdrawalQuote']> = {
  amountMinor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  currency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  currencyScale?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  customerId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  expiresAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  feeAmountMinor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  feeCurrency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  quoteId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  routeCode?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  totalAmountMinor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  withdrawalType?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type PartnerCustomerResolvers<ContextType = CallContext, ParentType extends ResolversParentTypes['PartnerCustomer'] = ResolversParentTypes['PartnerCustomer']> = {
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  customerId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  displayName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  externalRef?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  suspendedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  type?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  verificationKind?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  verificationReviewPending?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  verificationStatus?: Resolver<ResolversTypes['CustomerVerificationStatus'], ParentType, ContextType>;
  verificationStatusInfo?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  verifiedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
};

export type PartnerCustomerFileResolvers<ContextType = CallContext, ParentType extends ResolversParentTypes['PartnerCustomerFile'] = ResolversParentTypes['PartnerCustomerFile']> = {
  contentType?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  customerId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  description?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  externalUri?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  fileId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  fileName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  purpose?: Resolver<ResolversTypes['PartnerFilePurpose'], ParentType, ContextType>;
  sha256?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  sizeBytes?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  source?: Resolver<ResolversTypes['PartnerFileSource'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['PartnerCustomerFileStatus'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  upload?: Resolver<Maybe<ResolversTypes['PartnerFileUpload']>, ParentType, ContextType>;
  uploadedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
};

export type PartnerCustomerFilePageResolvers<ContextType = CallContext, ParentType extends ResolversParentTypes['PartnerCustomerFilePage'] = ResolversParentTypes['PartnerCustomerFilePage']> = {
  items?: Resolver<Array<ResolversTypes['PartnerCustomerFile']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type PartnerEventResolvers<ContextType = CallContext, ParentType extends ResolversParentTypes['PartnerEvent'] = ResolversParentTypes['PartnerEvent']> = {
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  customerId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  data?: Resolver<ResolversTypes['JSONObject'], ParentType, ContextType>;
  eventId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  resourceId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  resourceType?: Resolver<ResolversTypes['PartnerResourceType'], ParentType, ContextType>;
  sequence?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type PartnerEventPageResolvers<ContextType = CallContext, ParentType extends ResolversParentTypes['PartnerEventPage'] = ResolversParentTypes['PartnerEventPage']> = {
  items?: Resolver<Array<ResolversTypes['PartnerEvent']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type PartnerFiatAccountResolvers<ContextType = CallContext, ParentType extends ResolversParentTypes['PartnerFiatAccount'] = ResolversParentTypes['PartnerFiatAccount']> = {
  accountHolderName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  accountNumber?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  applicationId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  bankName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  bic?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  currency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  currencyScale?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  customerId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  fiatAccountId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  iban?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  rails?: Resolver<Array<ResolversTypes['FiatRail']>, ParentType, ContextType>;
  routingNumber?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  status?: Resolver<ResolversTypes['PartnerFiatAccountStatus'], ParentType, ContextType>;
  suspendedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
};

export type PartnerFiatAccountApplicationResolvers<ContextType = CallContext, ParentType extends ResolversParentTypes['PartnerFiatAccountApplication'] = ResolversParentTypes['PartnerFiatAccountApplication']> = {
  accountHolderName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  accountPurpose?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  applicationId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  currency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  customerId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  decidedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  expectedMonthlyVolumeMinor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  fiatAccountId?: Resolver<Maybe<ResolversTypes['UUID']>, ParentType, ContextType>;
  fileIds?: Resolver<Array<ResolversTypes['UUID']>, ParentType, ContextType>;
  informationDueAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  informationRequests?: Resolver<Array<ResolversTypes['PartnerInformationRequest']>, ParentType, ContextType>;
  sourceOfFunds?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['PartnerFiatAccountApplicationStatus'], ParentType, ContextType>;
  statusInfo?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
};

export type PartnerFiatAccountCapabilityResolvers<ContextType = CallContext, ParentType extends ResolversParentTypes['PartnerFiatAccountCapability'] = ResolversParentTypes['PartnerFiatAccountCapability']> = {
  applicationId?: Resolver<Maybe<ResolversTypes['UUID']>, ParentType, ContextType>;
  currency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  fiatAccountId?: Resolver<Maybe<ResolversTypes['UUID']>, ParentType, ContextType>;
  rails?: Resolver<Array<ResolversTypes['FiatRail']>, ParentType, ContextType>;
  status?: Resolver<ResolversTypes['FiatCapabilityStatus'], ParentType, ContextType>;
  statusInfo?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type PartnerFiatAccountPageResolvers<ContextType = CallContext, ParentType extends ResolversParentTypes['PartnerFiatAccountPage'] = ResolversParentTypes['PartnerFiatAccountPage']> = {
  items?: Resolver<Array<ResolversTypes['PartnerFiatAccount']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type PartnerFiatDepositResolvers<ContextType = CallContext, ParentType extends ResolversParentTypes['PartnerFiatDeposit'] = ResolversParentTypes['PartnerFiatDeposit']> = {
  amountMinor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  creditedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  currency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  currencyScale?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  customerId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  fiatAccountId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  fiatDepositId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  paymentReference?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  rail?: Resolver<ResolversTypes['FiatRail'], ParentType, ContextType>;
  senderAccountLast4?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  senderName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['PartnerFiatDepositStatus'], ParentType, ContextType>;
  statusInfo?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
};

export type PartnerFiatDepositInstructionsResolvers<ContextType = CallContext, ParentType extends ResolversParentTypes['PartnerFiatDepositInstructions'] = ResolversParentTypes['PartnerFiatDepositInstructions']> = {
  accountNumber?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  bankAddress?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  bankName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  beneficiaryName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  bic?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  currency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  fiatAccountId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  iban?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  rails?: Resolver<Array<ResolversTypes['FiatRail']>, ParentType, ContextType>;
  routingNumber?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type PartnerFiatDepositPageResolvers<ContextType = CallContext, ParentType extends ResolversParentTypes['PartnerFiatDepositPage'] = ResolversParentTypes['PartnerFiatDepositPage']> = {
  items?: Resolver<Array<ResolversTypes['PartnerFiatDeposit']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type PartnerFiatWithdrawalResolvers<ContextType = CallContext, ParentType extends ResolversParentTypes['PartnerFiatWithdrawal'] = ResolversParentTypes['PartnerFiatWithdrawal']> = {
  amountMinor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  bankAccountId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  bankAccountLast4?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  bankReference?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  clientReference?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  completedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  currency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  currencyScale?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  customerId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  feeAmountMinor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  feeCurrency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  fiatWithdrawalId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  informationDueAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  informationRequests?: Resolver<Array<ResolversTypes['PartnerInformationRequest']>, ParentType, ContextType>;
  otherPurpose?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  paymentReference?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  purposeOfPayment?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  quoteId?: Resolver<Maybe<ResolversTypes['UUID']>, ParentType, ContextType>;
  rail?: Resolver<ResolversTypes['FiatRail'], ParentType, ContextType>;
  returnReason?: Resolver<Maybe<ResolversTypes['FiatReturnReason']>, ParentType, ContextType>;
  returnedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  sentToBankAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  status?: Resolver<ResolversTypes['PartnerFiatWithdrawalStatus'], ParentType, ContextType>;
  statusInfo?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  submittedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
};

export type PartnerFiatWithdrawalCapabilityResolvers<ContextType = CallContext, ParentType extends ResolversParentTypes['PartnerFiatWithdrawalCapability'] = ResolversParentTypes['PartnerFiatWithdrawalCapability']> = {
  activatedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  capabilityId?: Resolver<Maybe<ResolversTypes['UUID']>, ParentType, ContextType>;
  createdAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  currency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  customerId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  expectedMonthlyVolumeMinor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  feeAmountMinor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  informationDueAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  informationRequests?: Resolver<Array<ResolversTypes['PartnerInformationRequest']>, ParentType, ContextType>;
  maxAmountMinor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  minAmountMinor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  rail?: Resolver<ResolversTypes['FiatRail'], ParentType, ContextType>;
  railEnabled?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['FiatCapabilityStatus'], ParentType, ContextType>;
  statusInfo?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  updatedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  withdrawalPurpose?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type PartnerFiatWithdrawalPageResolvers<ContextType = CallContext, ParentType extends ResolversParentTypes['PartnerFiatWithdrawalPage'] = ResolversParentTypes['PartnerFiatWithdrawalPage']> = {
  items?: Resolver<Array<ResolversTypes['PartnerFiatWithdrawal']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type PartnerFiatWithdrawalQuoteResolvers<ContextType = CallContext, ParentType extends ResolversParentTypes['PartnerFiatWithdrawalQuote'] = ResolversParentTypes['PartnerFiatWithdrawalQuote']> = {
  amountMinor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  bankAccountId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  currency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  currencyScale?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  customerId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  estimatedArrivalAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  expiresAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  feeAmountMinor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  feeCurrency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  quoteId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  rail?: Resolver<ResolversTypes['FiatRail'], ParentType, ContextType>;
  totalAmountMinor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type PartnerFileUploadResolvers<ContextType = CallContext, ParentType extends ResolversParentTypes['PartnerFileUpload'] = ResolversParentTypes['PartnerFileUpload']> = {
  expiresAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  maxSizeBytes?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  method?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  path?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type PartnerFrontendSessionResolvers<ContextType = CallContext, ParentType extends ResolversParentTypes['PartnerFrontendSession'] = ResolversParentTypes['PartnerFrontendSession']> = {
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  customerId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  expiresAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  origin?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  revokedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  sessionId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  token?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type PartnerFrontendSessionPageResolvers<ContextType = CallContext, ParentType extends ResolversParentTypes['PartnerFrontendSessionPage'] = ResolversParentTypes['PartnerFrontendSessionPage']> = {
  items?: Resolver<Array<ResolversTypes['PartnerFrontendSession']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type PartnerInformationRequestResolvers<ContextType = CallContext, ParentType extends ResolversParentTypes['PartnerInformationRequest'] = ResolversParentTypes['PartnerInformationRequest']> = {
  answeredAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  description?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  key?: Resolver<ResolversTypes['AdditionalInformationKey'], ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['AdditionalInformationKind'], ParentType, ContextType>;
  requestedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
};

export type PartnerTransactionResolvers<ContextType = CallContext, ParentType extends ResolversParentTypes['PartnerTransaction'] = ResolversParentTypes['PartnerTransaction']> = {
  amountMinor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  availableDeltaMinor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  balanceAfter?: Resolver<ResolversTypes['PartnerBalanceAmounts'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  currency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  currencyScale?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  customerId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  heldDeltaMinor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  resourceId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  resourceType?: Resolver<ResolversTypes['PartnerResourceType'], ParentType, ContextType>;
  sequence?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  transactionId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['PartnerTransactionType'], ParentType, ContextType>;
};

export type PartnerTransactionPageResolvers<ContextType = CallContext, ParentType extends ResolversParentTypes['PartnerTransactionPage'] = ResolversParentTypes['PartnerTransactionPage']> = {
  items?: Resolver<Array<ResolversTypes['PartnerTransaction']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type PartnerWebhookAttemptResolvers<ContextType = CallContext, ParentType extends ResolversParentTypes['PartnerWebhookAttempt'] = ResolversParentTypes['PartnerWebhookAttempt']> = {
  attemptNumber?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  durationMs?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['WebhookAttemptError']>, ParentType, ContextType>;
  responseStatus?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  startedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
};

export type PartnerWebhookDeliveryResolvers<ContextType = CallContext, ParentType extends ResolversParentTypes['PartnerWebhookDelivery'] = ResolversParentTypes['PartnerWebhookDelivery']> = {
  attemptCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  attempts?: Resolver<Array<ResolversTypes['PartnerWebhookAttempt']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  deliveryId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  endpointId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  eventId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  eventType?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  nextAttemptAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  resourceId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  sequence?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  settledAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  status?: Resolver<ResolversTypes['WebhookDeliveryStatus'], ParentType, ContextType>;
};

export type PartnerWebhookDeliveryPageResolvers<ContextType = CallContext, ParentType extends ResolversParentTypes['PartnerWebhookDeliveryPage'] = ResolversParentTypes['PartnerWebhookDeliveryPage']> = {
  items?: Resolver<Array<ResolversTypes['PartnerWebhookDelivery']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type PartnerWebhookEndpointResolvers<ContextType = CallContext, ParentType extends ResolversParentTypes['PartnerWebhookEndpoint'] = ResolversParentTypes['PartnerWebhookEndpoint']> = {
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  description?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  disabledAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  endpointId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['WebhookEndpointStatus'], ParentType, ContextType>;
  types?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  url?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type PartnerWebhookEndpointPageResolvers<ContextType = CallContext, ParentType extends ResolversParentTypes['PartnerWebhookEndpointPage'] = ResolversParentTypes['PartnerWebhookEndpointPage']> = {
  items?: Resolver<Array<ResolversTypes['PartnerWebhookEndpoint']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type PartnerWebhookEndpointSecretResolvers<ContextType = CallContext, ParentType extends ResolversParentTypes['PartnerWebhookEndpointSecret'] = ResolversParentTypes['PartnerWebhookEndpointSecret']> = {
  endpoint?: Resolver<ResolversTypes['PartnerWebhookEndpoint'], ParentType, ContextType>;
  secret?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type QueryResolvers<ContextType = CallContext, ParentType extends ResolversParentTypes['Query'] = ResolversParentTypes['Query']> = {
  bankAccount?: Resolver<Maybe<ResolversTypes['PartnerBankAccount']>, ParentType, ContextType, RequireFields<QueryBankAccountArgs, 'bankAccountId'>>;
  bankAccounts?: Resolver<ResolversTypes['PartnerBankAccountPage'], ParentType, ContextType, RequireFields<QueryBankAccountsArgs, 'customerId' | 'first'>>;
  collectionBuyer?: Resolver<Maybe<ResolversTypes['PartnerBuyer']>, ParentType, ContextType, RequireFields<QueryCollectionBuyerArgs, 'buyerId'>>;
  collectionBuyers?: Resolver<ResolversTypes['PartnerBuyerPage'], ParentType, ContextType, RequireFields<QueryCollectionBuyersArgs, 'customerId' | 'first'>>;
  collectionPayment?: Resolver<Maybe<ResolversTypes['PartnerCollectionPayment']>, ParentType, ContextType, RequireFields<QueryCollectionPaymentArgs, 'collectionPaymentId'>>;
  collectionPayments?: Resolver<ResolversTypes['PartnerCollectionPaymentPage'], ParentType, ContextType, RequireFields<QueryCollectionPaymentsArgs, 'customerId' | 'first'>>;
  collectionWallet?: Resolver<Maybe<ResolversTypes['PartnerCollectionWallet']>, ParentType, ContextType, RequireFields<QueryCollectionWalletArgs, 'collectionWalletId'>>;
  collectionWallets?: Resolver<ResolversTypes['PartnerCollectionWalletPage'], ParentType, ContextType, RequireFields<QueryCollectionWalletsArgs, 'customerId' | 'first'>>;
  conversion?: Resolver<Maybe<ResolversTypes['PartnerConversion']>, ParentType, ContextType, RequireFields<QueryConversionArgs, 'conversionId'>>;
  conversionQuote?: Resolver<Maybe<ResolversTypes['PartnerConversionQuote']>, ParentType, ContextType, RequireFields<QueryConversionQuoteArgs, 'quoteId'>>;
  conversionQuotes?: Resolver<ResolversTypes['PartnerConversionQuotePage'], ParentType, ContextType, RequireFields<QueryConversionQuotesArgs, 'customerId' | 'first'>>;
  conversions?: Resolver<ResolversTypes['PartnerConversionPage'], ParentType, ContextType, RequireFields<QueryConversionsArgs, 'customerId' | 'first'>>;
  cryptoCheckout?: Resolver<Maybe<ResolversTypes['PartnerCheckout']>, ParentType, ContextType, RequireFields<QueryCryptoCheckoutArgs, 'checkoutId'>>;
  cryptoCheckouts?: Resolver<ResolversTypes['PartnerCheckoutPage'], ParentType, ContextType, RequireFields<QueryCryptoCheckoutsArgs, 'customerId' | 'first'>>;
  cryptoDeposit?: Resolver<Maybe<ResolversTypes['PartnerCryptoDeposit']>, ParentType, ContextType, RequireFields<QueryCryptoDepositArgs, 'depositId'>>;
  cryptoDepositWallets?: Resolver<ResolversTypes['PartnerCryptoDepositWalletPage'], ParentType, ContextType, RequireFields<QueryCryptoDepositWalletsArgs, 'customerId' | 'first'>>;
  cryptoDeposits?: Resolver<ResolversTypes['PartnerCryptoDepositPage'], ParentType, ContextType, RequireFields<QueryCryptoDepositsArgs, 'customerId' | 'first'>>;
  cryptoRefund?: Resolver<Maybe<ResolversTypes['PartnerCryptoRefund']>, ParentType, ContextType, RequireFields<QueryCryptoRefundArgs, 'refundId'>>;
  cryptoRefunds?: Resolver<ResolversTypes['PartnerCryptoRefundPage'], ParentType, ContextType, RequireFields<QueryCryptoRefundsArgs, 'customerId' | 'first'>>;
  cryptoWalletBeneficiaries?: Resolver<ResolversTypes['WalletBeneficiaryPage'], ParentType, ContextType, RequireFields<QueryCryptoWalletBeneficiariesArgs, 'customerId' | 'first'>>;
  cryptoWalletBeneficiary?: Resolver<Maybe<ResolversTypes['WalletBeneficiary']>, ParentType, ContextType, RequireFields<QueryCryptoWalletBeneficiaryArgs, 'walletBeneficiaryId'>>;
  cryptoWithdrawal?: Resolver<Maybe<ResolversTypes['CryptoWithdrawal']>, ParentType, ContextType, RequireFields<QueryCryptoWithdrawalArgs, 'withdrawalId'>>;
  cryptoWithdrawals?: Resolver<ResolversTypes['CryptoWithdrawalPage'], ParentType, ContextType, RequireFields<QueryCryptoWithdrawalsArgs, 'customerId' | 'first'>>;
  customer?: Resolver<Maybe<ResolversTypes['PartnerCustomer']>, ParentType, ContextType, RequireFields<QueryCustomerArgs, 'customerId'>>;
  customerBalances?: Resolver<ResolversTypes['PartnerBalancePage'], ParentType, ContextType, RequireFields<QueryCustomerBalancesArgs, 'customerId' | 'first'>>;
  customerFile?: Resolver<Maybe<ResolversTypes['PartnerCustomerFile']>, ParentType, ContextType, RequireFields<QueryCustomerFileArgs, 'fileId'>>;
  customerFiles?: Resolver<ResolversTypes['PartnerCustomerFilePage'], ParentType, ContextType, RequireFields<QueryCustomerFilesArgs, 'customerId' | 'first'>>;
  customerTransactions?: Resolver<ResolversTypes['PartnerTransactionPage'], ParentType, ContextType, RequireFields<QueryCustomerTransactionsArgs, 'customerId' | 'first'>>;
  events?: Resolver<ResolversTypes['PartnerEventPage'], ParentType, ContextType, RequireFields<QueryEventsArgs, 'first'>>;
  fiatAccount?: Resolver<Maybe<ResolversTypes['PartnerFiatAccount']>, ParentType, ContextType, RequireFields<QueryFiatAccountArgs, 'fiatAccountId'>>;
  fiatAccountApplication?: Resolver<Maybe<ResolversTypes['PartnerFiatAccountApplication']>, ParentType, ContextType, RequireFields<QueryFiatAccountApplicationArgs, 'applicationId'>>;
  fiatAccountCapabilities?: Resolver<Array<ResolversTypes['PartnerFiatAccountCapability']>, ParentType, ContextType, RequireFields<QueryFiatAccountCapabilitiesArgs, 'customerId'>>;
  fiatAccounts?: Resolver<ResolversTypes['PartnerFiatAccountPage'], ParentType, ContextType, RequireFields<QueryFiatAccountsArgs, 'customerId' | 'first'>>;
  fiatDeposit?: Resolver<Maybe<ResolversTypes['PartnerFiatDeposit']>, ParentType, ContextType, RequireFields<QueryFiatDepositArgs, 'fiatDepositId'>>;
  fiatDepositInstructions?: Resolver<Maybe<ResolversTypes['PartnerFiatDepositInstructions']>, ParentType, ContextType, RequireFields<QueryFiatDepositInstructionsArgs, 'fiatAccountId'>>;
  fiatDeposits?: Resolver<ResolversTypes['PartnerFiatDepositPage'], ParentType, ContextType, RequireFields<QueryFiatDepositsArgs, 'customerId' | 'first'>>;
  fiatWithdrawal?: Resolver<Maybe<ResolversTypes['PartnerFiatWithdrawal']>, ParentType, ContextType, RequireFields<QueryFiatWithdrawalArgs, 'fiatWithdrawalId'>>;
  fiatWithdrawalCapabilities?: Resolver<Array<ResolversTypes['PartnerFiatWithdrawalCapability']>, ParentType, ContextType, RequireFields<QueryFiatWithdrawalCapabilitiesArgs, 'customerId'>>;
  fiatWithdrawals?: Resolver<ResolversTypes['PartnerFiatWithdrawalPage'], ParentType, ContextType, RequireFields<QueryFiatWithdrawalsArgs, 'customerId' | 'first'>>;
  frontendSessions?: Resolver<ResolversTypes['PartnerFrontendSessionPage'], ParentType, ContextType, RequireFields<QueryFrontendSessionsArgs, 'customerId' | 'first'>>;
  transaction?: Resolver<Maybe<ResolversTypes['PartnerTransaction']>, ParentType, ContextType, RequireFields<QueryTransactionArgs, 'transactionId'>>;
  webhookDeliveries?: Resolver<ResolversTypes['PartnerWebhookDeliveryPage'], ParentType, ContextType, RequireFields<QueryWebhookDeliveriesArgs, 'endpointId' | 'first'>>;
  webhookEndpoint?: Resolver<Maybe<ResolversTypes['PartnerWebhookEndpoint']>, ParentType, ContextType, RequireFields<QueryWebhookEndpointArgs, 'endpointId'>>;
  webhookEndpoints?: Resolver<ResolversTypes['PartnerWebhookEndpointPage'], ParentType, ContextType, RequireFields<QueryWebhookEndpointsArgs, 'first'>>;
};

export interface StringMapScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['StringMap'], any> {
  name: 'StringMap';
}

export interface UuidScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['UUID'], any> {
  name: 'UUID';
}

export type WalletBeneficiaryResolvers<ContextType = CallContext, ParentType extends ResolversParentTypes['WalletBeneficiary'] = ResolversParentTypes['WalletBeneficiary']> = {
  beneficiaryStatus?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  blockchain?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  customerId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  description?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  isOwner?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  label?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  lastSyncedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  ownerInfo?: Resolver<Maybe<ResolversTypes['StringMap']>, ParentType, ContextType>;
  ownerType?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  platformName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  platformUserId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  purposeOfPayment?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  relationshipWithThirdParty?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  removedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  routeCode?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  screeningStatus?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  walletAddress?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  walletBeneficiaryId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  walletType?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type WalletBeneficiaryPageResolvers<ContextType = CallContext, ParentType extends ResolversParentTypes['WalletBeneficiaryPage'] = ResolversParentTypes['WalletBeneficiaryPage']> = {
  items?: Resolver<Array<ResolversTypes['WalletBeneficiary']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type Resolvers<ContextType = CallContext> = {
  BankAccountHolderAddress?: BankAccountHolderAddressResolvers<ContextType>;
  CryptoWithdrawal?: CryptoWithdrawalResolvers<ContextType>;
  CryptoWithdrawalPage?: CryptoWithdrawalPageResolvers<ContextType>;
  DateTime?: GraphQLScalarType;
  JSONObject?: GraphQLScalarType;
  Mutation?: MutationResolvers<ContextType>;
  PageInfo?: PageInfoResolvers<ContextType>;
  PartnerBalance?: PartnerBalanceResolvers<ContextType>;
  PartnerBalanceAmounts?: PartnerBalanceAmountsResolvers<ContextType>;
  PartnerBalancePage?: PartnerBalancePageResolvers<ContextType>;
  PartnerBankAccount?: PartnerBankAccountResolvers<ContextType>;
  PartnerBankAccountPage?: PartnerBankAccountPageResolvers<ContextType>;
  PartnerBuyer?: PartnerBuyerResolvers<ContextType>;
  PartnerBuyerPage?: PartnerBuyerPageResolvers<ContextType>;
  PartnerCheckout?: PartnerCheckoutResolvers<ContextType>;
  PartnerCheckoutLink?: PartnerCheckoutLinkResolvers<ContextType>;
  PartnerCheckoutPage?: PartnerCheckoutPageResolvers<ContextType>;
  PartnerCheckoutPosPaymentRequest?: PartnerCheckoutPosPaymentRequestResolvers<ContextType>;
  PartnerCollectionPayment?: PartnerCollectionPaymentResolvers<ContextType>;
  PartnerCollectionPaymentPage?: PartnerCollectionPaymentPageResolvers<ContextType>;
  PartnerCollectionWallet?: PartnerCollectionWalletResolvers<ContextType>;
  PartnerCollectionWalletPage?: PartnerCollectionWalletPageResolvers<ContextType>;
  PartnerConversion?: PartnerConversionResolvers<ContextType>;
  PartnerConversionPage?: PartnerConversionPageResolvers<ContextType>;
  PartnerConversionQuote?: PartnerConversionQuoteResolvers<ContextType>;
  PartnerConversionQuotePage?: PartnerConversionQuotePageResolvers<ContextType>;
  PartnerCryptoDeposit?: PartnerCryptoDepositResolvers<ContextType>;
  PartnerCryptoDepositPage?: PartnerCryptoDepositPageResolvers<ContextType>;
  PartnerCryptoDepositWallet?: PartnerCryptoDepositWalletResolvers<ContextType>;
  PartnerCryptoDepositWalletPage?: PartnerCryptoDepositWalletPageResolvers<ContextType>;
  PartnerCryptoRefund?: PartnerCryptoRefundResolvers<ContextType>;
  PartnerCryptoRefundPage?: PartnerCryptoRefundPageResolvers<ContextType>;
  PartnerCryptoWithdrawalQuote?: PartnerCryptoWithdrawalQuoteResolvers<ContextType>;
  PartnerCustomer?: PartnerCustomerResolvers<ContextType>;
  PartnerCustomerFile?: PartnerCustomerFileResolvers<ContextType>;
  PartnerCustomerFilePage?: PartnerCustomerFilePageResolvers<ContextType>;
  PartnerEvent?: PartnerEventResolvers<ContextType>;
  PartnerEventPage?: PartnerEventPageResolvers<ContextType>;
  PartnerFiatAccount?: PartnerFiatAccountResolvers<ContextType>;
  PartnerFiatAccountApplication?: PartnerFiatAccountApplicationResolvers<ContextType>;
  PartnerFiatAccountCapability?: PartnerFiatAccountCapabilityResolvers<ContextType>;
  PartnerFiatAccountPage?: PartnerFiatAccountPageResolvers<ContextType>;
  PartnerFiatDeposit?: PartnerFiatDepositResolvers<ContextType>;
  PartnerFiatDepositInstructions?: PartnerFiatDepositInstructionsResolvers<ContextType>;
  PartnerFiatDepositPage?: PartnerFiatDepositPageResolvers<ContextType>;
  PartnerFiatWithdrawal?: PartnerFiatWithdrawalResolvers<ContextType>;
  PartnerFiatWithdrawalCapability?: PartnerFiatWithdrawalCapabilityResolvers<ContextType>;
  PartnerFiatWithdrawalPage?: PartnerFiatWithdrawalPageResolvers<ContextType>;
  PartnerFiatWithdrawalQuote?: PartnerFiatWithdrawalQuoteResolvers<ContextType>;
  PartnerFileUpload?: PartnerFileUploadResolvers<ContextType>;
  PartnerFrontendSession?: PartnerFrontendSessionResolvers<ContextType>;
  PartnerFrontendSessionPage?: PartnerFrontendSessionPageResolvers<ContextType>;
  PartnerInformationRequest?: PartnerInformationRequestResolvers<ContextType>;
  PartnerTransaction?: PartnerTransactionResolvers<ContextType>;
  PartnerTransactionPage?: PartnerTransactionPageResolvers<ContextType>;
  PartnerWebhookAttempt?: PartnerWebhookAttemptResolvers<ContextType>;
  PartnerWebhookDelivery?: PartnerWebhookDeliveryResolvers<ContextType>;
  PartnerWebhookDeliveryPage?: PartnerWebhookDeliveryPageResolvers<ContextType>;
  PartnerWebhookEndpoint?: PartnerWebhookEndpointResolvers<ContextType>;
  PartnerWebhookEndpointPage?: PartnerWebhookEndpointPageResolvers<ContextType>;
  PartnerWebhookEndpointSecret?: PartnerWebhookEndpointSecretResolvers<ContextType>;
  Query?: QueryResolvers<ContextType>;
  StringMap?: GraphQLScalarType;
  UUID?: GraphQLScalarType;
  WalletBeneficiary?: WalletBeneficiaryResolvers<ContextType>;
  WalletBeneficiaryPage?: WalletBeneficiaryPageResolvers<ContextType>;
};

export type DirectiveResolvers<ContextType = CallContext> = {
  status?: StatusDirectiveResolver<any, any, ContextType>;
};
