// The webhooks' gauge on GET /metrics: the deliveries still to make (§11.5).
import { Gauge } from 'prom-client';
import { areaRuntime } from '../../core/runtime.js';
import { countPendingDeliveries } from './delivery-repository.js';

export default areaRuntime({
  metrics(registry, { engine }) {
    new Gauge({
      name: 'webhook_queue_depth',
      help: 'Webhook deliveries still PENDING (§11.5): waiting for their attempt, retrying, or in flight.',
      registers: [registry],
      async collect() {
        this.set(await countPendingDeliveries(engine.read));
      },
    });
  },
});
