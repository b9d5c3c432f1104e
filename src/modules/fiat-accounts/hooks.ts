// §14.3 applications are owners of the additional-information loop's rounds: the loop's timeout step
// hands them its REJECTED (the information module is below this one and may not import it).
import type { HookWiring } from '../../core/hook.js';
import { provideInformationOwner } from '../information/index.js';
import { APPLICATION_OWNER, timedOut } from './rules.js';

export default [() => provideInformationOwner({ ownerType: APPLICATION_OWNER, subject: 'APPLICATION', timedOut })] satisfies readonly HookWiring[];
