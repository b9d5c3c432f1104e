// §14.3 capabilities are owners of the additional-information loop's rounds: the loop's timeout step hands
// them its REJECTED (the information module is below this one and may not import it). The step is loaded
// at its first call; the owner type is records.ts's resourceType, written out here as fiat-accounts'
// hooks.ts writes its own.
import { lazily, type HookWiring } from '../../core/hook.js';
import { provideInformationOwner } from '../information/index.js';

const timedOut = lazily(async () => (await import('./rules.js')).timedOut);

export default [() => provideInformationOwner({ ownerType: 'FIAT_WITHDRAWAL_CAPABILITY', subject: 'ACTIVATION', timedOut })] satisfies readonly HookWiring[];
