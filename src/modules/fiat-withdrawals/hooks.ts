// §14.3 fiat withdrawals are owners of the additional-information loop's rounds: the loop's timeout step
// hands them its REJECTED (with the RELEASE of the hold). The step is loaded at its first call; the owner
// type is records.ts's resourceType, written out here as fiat-accounts' hooks.ts does.
import { lazily, type HookWiring } from '../../core/hook.js';
import { provideInformationOwner } from '../information/index.js';

const timedOut = lazily(async () => (await import('./review.js')).timedOut);

export default [() => provideInformationOwner({ ownerType: 'FIAT_WITHDRAWAL', subject: 'WITHDRAWAL', timedOut })] satisfies readonly HookWiring[];
