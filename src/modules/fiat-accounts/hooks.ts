// §14.3 applications are owners of the additional-information loop's rounds: the loop's timeout step
// hands them its REJECTED (the information module is below this one and may not import it). The step is
// loaded at its first call (a partnerctl read never loads it); the owner type is rules.ts's
// APPLICATION_OWNER, written out here so that nothing of rules.ts loads with the registration.
import { lazily, type HookWiring } from '../../core/hook.js';
import { provideInformationOwner } from '../information/index.js';

const timedOut = lazily(async () => (await import('./rules.js')).timedOut);

export default [() => provideInformationOwner({ ownerType: 'FIAT_ACCOUNT_APPLICATION', subject: 'APPLICATION', timedOut })] satisfies readonly HookWiring[];
