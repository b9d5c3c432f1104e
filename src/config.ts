// Environment, parsed once into a typed Config (contract §1, §3, §5, §8): the platform's keys
// (src/config/platform.ts) and every area's (src/modules/<area>/config.ts, gathered by `npm run codegen`
// into src/config/generated/areas.ts). Each key is declared once, with its check, default and docs line
// (src/config/keys.ts); the Config type is inferred from the declarations.
import { DEFAULT_DATABASE_URL } from './config/database-url.js';
import type { EvmConfig } from './config/evm.js';
import { areaConfigs, type AreasConfig } from './config/generated/areas.js';
import type { Env, ReadContext, ValueOf } from './config/keys.js';
import { platformConfig, readContextOf } from './config/platform.js';

export type Config = ValueOf<typeof platformConfig> & AreasConfig;

export { DEFAULT_DATABASE_URL };
export { METRICS_TOKEN_MIN_LENGTH } from './config/platform.js';

export function loadConfig(env: Env = process.env): Config {
  const ctx = readContextOf(env);
  const config: Record<string, unknown> = { ...platformConfig.read(env, ctx) };
  for (const [area, keys] of Object.entries(areaConfigs))
    for (const [property, value] of Object.entries(keys.read(env, ctx))) {
      // Config's properties are one namespace: an area may not take another's (or the platform's) name.
      if (property in config) throw new Error(`src/modules/${area}/config.ts declares ${property}, which the configuration already has`);
      config[property] = value;
    }
  return config as Config;
}

/** §11.4 / §11.9: read by the server and by partnerctl (webhook rotate-secret), which reads no other key. */
export function webhookSecretOverlapSecondsOf(env: Env): number {
  return areaConfigs.webhooks.keys.webhookSecretOverlapSeconds.read(env, readContextOf(env));
}

/**
 * §18.3 the EVM rail's configuration alone, for partnerctl (`signer: false`: it reaches the chain and derives
 * addresses but signs nothing) and the devnet commands; the server's is `loadConfig(env).evm`.
 */
export function evmConfigOf(env: Env, ctx: Omit<ReadContext, 'signer'> & { signer?: boolean }): EvmConfig {
  return areaConfigs.evm.read(env, { ...ctx, signer: ctx.signer ?? true }).evm;
}
