// What other modules and the layers above may use of webhooks; the rest of the folder is its own.
// Other code imports the module only through this file (test/platform/core/boundaries.test.ts).
export { fanOut } from './delivery.js';
export { countPendingDeliveries } from './delivery-repository.js';
export { findEndpoint, listDeliveries, listEndpoints } from './repository.js';
export { redeliverEvent } from './redelivery.js';
export { DELIVERY_STATUSES, checkCreateInput, createEndpoint, deliveryView, disableEndpoint, enableEndpoint, endpointsKey, endpointView, requireEndpoint, rotateEndpointSecret } from './rules.js';
export type { WebhookEndpointRow } from './tables.js';
