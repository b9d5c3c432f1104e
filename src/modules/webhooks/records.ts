// The webhook record types (§11.4, §11.5): endpoints and deliveries, their statuses from the SDL's enums.
import { record } from '../../core/record.js';
import { enumValues } from '../../graphql/generated/enums.js';

export const webhookEndpointRecord = record({
  graphqlType: 'PartnerWebhookEndpoint',
  statuses: enumValues.WebhookEndpointStatus,
});

export const webhookDeliveryRecord = record({
  graphqlType: 'PartnerWebhookDelivery',
  statuses: enumValues.WebhookDeliveryStatus,
});

export default [webhookEndpointRecord, webhookDeliveryRecord];
