// The GraphQL context is the call context the domain needs: built once per request by http/.
import type { CallContext } from '../domain/context.js';

export type GraphQLContext = CallContext;
