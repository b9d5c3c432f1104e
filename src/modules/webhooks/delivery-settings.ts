// §11.9 the delivery settings. Read from the configuration; where it has none of them yet, from the
// environment (integers only), else the contract's defaults.
import type { Config } from '../../config.js';

export type WebhookSettings = {
  webhookTimeoutMs: number;
  webhookRetryBaseMs: number;
  webhookRetryMaxDelayMs: number;
  webhookMaxAgeSeconds: number;
  webhookSecretOverlapSeconds: number;
  webhookMaxInFlightPerEndpoint: number;
};

const VARIABLES: Record<keyof WebhookSettings, [string, number]> = {
  webhookTimeoutMs: ['WEBHOOK_TIMEOUT_MS', 10_000],
  webhookRetryBaseMs: ['WEBHOOK_RETRY_BASE_MS', 5_000],
  webhookRetryMaxDelayMs: ['WEBHOOK_RETRY_MAX_DELAY_MS', 3_600_000],
  webhookMaxAgeSeconds: ['WEBHOOK_MAX_AGE_SECONDS', 259_200],
  webhookSecretOverlapSeconds: ['WEBHOOK_SECRET_OVERLAP_SECONDS', 86_400],
  webhookMaxInFlightPerEndpoint: ['WEBHOOK_MAX_IN_FLIGHT_PER_ENDPOINT', 4],
};

export function webhookSettings(config: Config, env: NodeJS.ProcessEnv = process.env): WebhookSettings {
  const c = config as Config & Partial<WebhookSettings>;
  const out = {} as WebhookSettings;
  for (const [key, [name, fallback]] of Object.entries(VARIABLES) as [keyof WebhookSettings, [string, number]][]) {
    const raw = env[name]?.trim();
    out[key] = c[key] ?? (raw && /^\d+$/.test(raw) ? Number(raw) : fallback);
  }
  return out;
}
