// The additional-information loop's configuration key (docs/deployment.md "Configuration"; src/config/keys.ts).
import { areaConfig, integer } from '../../config/keys.js';

export default areaConfig({
  fiatInformationTimeoutSeconds: integer('FIAT_INFORMATION_TIMEOUT_SECONDS', {
    default: 604_800,
    min: 1,
    max: 2_592_000,
    docs: 'the additional-information deadline: a round not answered by then is REJECTED (§14.3, §16.5)',
  }),
});
