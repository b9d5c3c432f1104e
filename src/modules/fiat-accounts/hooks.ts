// §14.3 applications are owners of the additional-information loop's rounds: the loop's timeout step
// hands them its REJECTED (the information module is below this one and may not import it). The step is
// loaded at its first call (a partnerctl read never loads it); the owner type is records.ts's
// resourceType, written out here as checkouts' hooks.ts writes its target kind (no own import but lazily).
import { lazily, type HookWiring } from '../../core/hook.js';
import { provideInformationOwner } from '../information/index.js';

const timedOut = lazily(async () => (await import('./rules.js')).timedOut);

export default [() => provideInformationOwner({ ownerType: 'FIAT_ACCOUNT_APPLICATION', subject: 'APPLICATION', timedOut })] satisfies readonly HookWiring[];
