// The sandbox transfer rail's configuration keys (docs/deployment.md "Configuration"; src/config/keys.ts).
import { areaConfig, integer } from '../../config/keys.js';

export default areaConfig({
  sandboxStepDelayMs: integer('SANDBOX_STEP_DELAY_MS', {
    default: 1000,
    min: 0,
    max: 600_000,
    docs: 'least time a withdrawal or refund spends in each processing state on the sandbox rail (§10.7)',
  }),
});
