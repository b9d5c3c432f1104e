// What the route codes (§7) mean for a partner and what to do about them: the text of
// `/problems/<code>` and docs/problems.md. The codes and their statuses are in schema.graphql
// (`extend enum ProblemCode`); a code there without its guide here does not compile.
import type { ProblemGuides } from '../../core/problem-guide.js';

export const problemGuides: ProblemGuides<'routes'> = {
  ROUTE_NOT_PERMITTED: {
    when: 'The routeCode is unknown, disabled, or not enabled for your client.',
    action: 'Use a route your operator enabled for you; ask them to add or enable it (partnerctl route).',
  },
  AMOUNT_OUT_OF_RANGE: {
    when: 'amountMinor is below the route’s minimum or above its maximum, or an amount it makes (amount + fee, a balance after a deposit or a collection payment) would exceed 38 digits.',
    action: 'Send an amount within the route’s limits (in minor units of the route’s scale) whose total with the fee, and the balance it credits, stay within 38 digits.',
  },
  ROUTE_MISMATCH: {
    when: 'The wallet beneficiary is on another blockchain than the route named.',
    action: 'Name a route of the beneficiary’s blockchain, or a beneficiary on the route’s blockchain.',
  },
  ROUTE_RAIL_UNSUPPORTED: {
    when: 'The operation has no meaning on the route’s rail: a simulated deposit on an EVM route, whose deposits come from the chain (§18 C3).',
    action: 'Send a real transfer to the customer’s deposit address on the EVM network, or use a SANDBOX route to simulate.',
  },
};
