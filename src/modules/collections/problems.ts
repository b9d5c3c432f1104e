// What the collection codes (§7, §16.7) mean for a partner and what to do about them: the text of
// `/problems/<code>` and docs/problems.md. The codes and their statuses are in schema.graphql.
import type { ProblemGuides } from '../../core/problem-guide.js';

export const problemGuides: ProblemGuides<'collections'> = {
  BUYER_NOT_FOUND: {
    when: 'The buyerId (in the path or the input) names no collection buyer.',
    action: 'Check the id; create the buyer first (createCollectionBuyer).',
  },
  DUPLICATE_BUYER: {
    when: 'The customer already has a collection buyer with this externalRef.',
    action: 'Use the existing buyer (collectionBuyers filtered by externalRef), or another externalRef.',
  },
  BUYER_NOT_ACTIVE: {
    when: 'The buyer is DISABLED: no new checkout or collection wallet may name it (its existing wallets keep working).',
    action: 'Re-enable the buyer (updateCollectionBuyer with status ACTIVE) or name another buyer.',
  },
  DUPLICATE_COLLECTION_WALLET: {
    when: 'The buyer already has an ACTIVE collection wallet on this route.',
    action: 'Use that wallet (collectionWallets filtered by buyerId and routeCode), or deactivate it first.',
  },
};
