// The partner API client: `import { PartnerClient } from 'partner-crypto-api/client'`, and the browser's
// FrontendClient (§17), also alone as `partner-crypto-api/client/frontend` for pages, which have no
// node:crypto. docs/client.md shows both end to end.
export { PartnerClient, queryString } from './partner-client.js';
export type { CallOptions, GraphQLErrorBody, GraphQLReply, MoneyOptions, PartnerClientOptions, QueryValue, Reply, Surface } from './partner-client.js';
export { buildEvidence, MONEY_OPERATIONS, operationHashOf, operationPayload } from './evidence.js';
export type { Authorizer, OperationType } from './evidence.js';
export { PartnerApiError } from './problem.js';
export type { ProblemBody } from './problem.js';
export { canonicalString, sign, signedHeaders, bodySha256 } from '../http/signature.js';
export type { SignedParts } from '../http/signature.js';
export { jcs } from '../core/canonical.js';
export type * from './generated/types.js';
export { FrontendClient } from './frontend-client.js';
export type { FrontendClientOptions, FrontendQueryValue, StreamEvent, StreamOptions, StreamOutcome } from './frontend-client.js';
export { SseParser } from './sse.js';
export type { SseHandlers, SseMessage } from './sse.js';
