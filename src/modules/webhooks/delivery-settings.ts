// §11.9 the delivery settings, as the configuration validated them at start.
import type { Config } from '../../config.js';

export type WebhookSettings = Pick<
  Config,
  'webhookTimeoutMs' | 'webhookRetryBaseMs' | 'webhookRetryMaxDelayMs' | 'webhookMaxAgeSeconds' | 'webhookSecretOverlapSeconds' | 'webhookMaxInFlightPerEndpoint'
>;

export function webhookSettings(config: Config): WebhookSettings {
  const { webhookTimeoutMs, webhookRetryBaseMs, webhookRetryMaxDelayMs, webhookMaxAgeSeconds, webhookSecretOverlapSeconds, webhookMaxInFlightPerEndpoint } = config;
  return { webhookTimeoutMs, webhookRetryBaseMs, webhookRetryMaxDelayMs, webhookMaxAgeSeconds, webhookSecretOverlapSeconds, webhookMaxInFlightPerEndpoint };
}
