// §8, §10.2, §10.7 partnerctl: operator commands on the same DATABASE_URL as the server (SQLite or
// PostgreSQL), printing JSON. A running server reads routes, the deny list and the sandbox failure list
// per request, and a client's secrets and limit at most CREDENTIAL_CACHE_MS old, so changes apply within
// the 5 s §8 allows. Exit codes (§11.8): 0 done; 1 a refusal, `{"code", "detail"}` on stderr; 2 a usage
// error, `{"error"}` on stderr.
import { parseArgs } from 'node:util';
import { DEFAULT_DATABASE_URL, webhookSecretOverlapSecondsOf } from '../config.js';
import { listAuditEvents } from '../db/audit-repository.js';
import { databaseTargetFromUrl, openEngine } from '../db/engine.js';
import { secretBoxFromEnv } from '../core/secret-box.js';
import {
  OperatorError,
  OperatorRefusal,
  allowAddress,
  clearFailAddress,
  createClient,
  createRoute,
  denyAddress,
  failAddress,
  retireOldestSecret,
  rotateSecret,
  setClientLimit,
  setRouteState,
  updateRouteOf,
} from './operators.js';
import { createWebhook, disableWebhook, enableWebhook, listWebhooks, rotateWebhookSecret, typesOf, webhookDeliveries, type WebhookSettings } from './webhooks.js';

const USAGE = `usage: partnerctl <command> [options]   (state: DATABASE_URL, default file:./data/partner.db)
  client create --name N [--client-id ID] [--secret S]
  client rotate-secret --client-id ID
  client retire-secret --client-id ID
  client limit --client-id ID --rps N --burst N
  route create --code C --client-id ID --blockchain ETH|TRON|BTC|SOL --currency CUR --scale N
               [--min-minor M] [--max-minor M] [--fee-minor F] [--travel-rule-threshold-minor T] [--disabled]
  route update --code C --client-id ID [--fee-minor F] [--min-minor M] [--max-minor M]
               [--travel-rule-threshold-minor T|none]
  route disable --code C
  route enable --code C
  screening deny --blockchain B --address A
  screening allow --blockchain B --address A
  sandbox fail-address --blockchain B --address A --at BROADCASTING|CONFIRMING
  sandbox clear-address --blockchain B --address A
  webhook create --client-id ID --url U [--types T1,T2] [--description D]
  webhook list --client-id ID
  webhook disable --endpoint-id E
  webhook enable --endpoint-id E
  webhook rotate-secret --endpoint-id E
  webhook deliveries --endpoint-id E [--status PENDING|SUCCEEDED|FAILED|CANCELLED]
  audit --client ID [--since 2026-11-23T00:00:00.000Z]     (JSON lines)`;

const options = {
  name: { type: 'string' },
  'client-id': { type: 'string' },
  secret: { type: 'string' },
  code: { type: 'string' },
  blockchain: { type: 'string' },
  currency: { type: 'string' },
  scale: { type: 'string' },
  'min-minor': { type: 'string' },
  'max-minor': { type: 'string' },
  'fee-minor': { type: 'string' },
  'travel-rule-threshold-minor': { type: 'string' },
  at: { type: 'string' },
  disabled: { type: 'boolean' },
  address: { type: 'string' },
  rps: { type: 'string' },
  burst: { type: 'string' },
  client: { type: 'string' },
  since: { type: 'string' },
  url: { type: 'string' },
  types: { type: 'string' },
  description: { type: 'string' },
  'endpoint-id': { type: 'string' },
  status: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

function required(values: Record<string, unknown>, name: string): string {
  const v = values[name];
  if (typeof v !== 'string' || v === '') throw new OperatorError(`--${name} is required`);
  return v;
}

/** Output printed one JSON document per line. */
class JsonLines {
  constructor(readonly rows: unknown[]) {}
}

export async function run(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<unknown> {
  const { values, positionals } = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  const command = positionals.join(' ');
  if (values.help || !command) throw new OperatorError(USAGE);
  const db = await openEngine(databaseTargetFromUrl(env.DATABASE_URL || DEFAULT_DATABASE_URL), { poolSize: 1 });
  try {
    const production = env.NODE_ENV === 'production';
    const box = secretBoxFromEnv(env, production);
    // §11.7: partnerctl applies its own NODE_ENV.
    const hooks = (): WebhookSettings => ({ box, production, overlapSeconds: webhookSecretOverlapSecondsOf(env) });
    switch (command) {
      case 'client create':
        return await createClient(db, box, { name: required(values, 'name'), clientId: values['client-id'], secret: values.secret });
      case 'client rotate-secret':
        return await rotateSecret(db, box, required(values, 'client-id'));
      case 'client retire-secret':
        return await retireOldestSecret(db, required(values, 'client-id'));
      case 'client limit':
        return await setClientLimit(db, required(values, 'client-id'), Number(required(values, 'rps')), Number(required(values, 'burst')));
      case 'route create': {
        const scaleText = required(values, 'scale');
        if (!/^[0-9]{1,2}$/.test(scaleText)) throw new OperatorError('--scale must be an integer 0–36');
        const scale = Number(scaleText);
        return await createRoute(db, {
          code: required(values, 'code'),
          clientId: required(values, 'client-id'),
          blockchain: required(values, 'blockchain'),
          currency: required(values, 'currency'),
          scale,
          minMinor: values['min-minor'],
          maxMinor: values['max-minor'],
          feeMinor: values['fee-minor'],
          travelRuleThresholdMinor: values['travel-rule-threshold-minor'],
          disabled: values.disabled ?? false,
        });
      }
      case 'route update': {
        const threshold = values['travel-rule-threshold-minor'];
        return await updateRouteOf(db, {
          code: required(values, 'code'),
          clientId: required(values, 'client-id'),
          feeMinor: values['fee-minor'],
          minMinor: values['min-minor'],
          maxMinor: values['max-minor'],
          // §10.2: `none` removes the threshold (deposits on the route are never held).
          travelRuleThresholdMinor: threshold === 'none' ? null : threshold,
        });
      }
      case 'route disable':
        return await setRouteState(db, required(values, 'code'), false);
      case 'route enable':
        return await setRouteState(db, required(values, 'code'), true);
      case 'audit': {
        const since = values.since;
        if (since !== undefined && Number.isNaN(Date.parse(since))) throw new OperatorError('--since must be an ISO 8601 date-time');
        return new JsonLines(await listAuditEvents(db.read, required(values, 'client'), since && new Date(since).toISOString()));
      }
      case 'webhook create':
        return await createWebhook(db, hooks(), {
          clientId: required(values, 'client-id'),
          url: required(values, 'url'),
          types: typesOf(values.types),
          description: values.description,
        });
      case 'webhook list':
        return await listWebhooks(db, required(values, 'client-id'));
      case 'webhook disable':
        return await disableWebhook(db, required(values, 'endpoint-id'));
      case 'webhook enable':
        return await enableWebhook(db, hooks(), required(values, 'endpoint-id'));
      case 'webhook rotate-secret':
        return await rotateWebhookSecret(db, hooks(), required(values, 'endpoint-id'));
      case 'webhook deliveries':
        return await webhookDeliveries(db, required(values, 'endpoint-id'), values.status);
      case 'screening deny':
        return await denyAddress(db, required(values, 'blockchain'), required(values, 'address'));
      case 'screening allow':
        return await allowAddress(db, required(values, 'blockchain'), required(values, 'address'));
      case 'sandbox fail-address':
        return await failAddress(db, required(values, 'blockchain'), required(values, 'address'), required(values, 'at'));
      case 'sandbox clear-address':
        return await clearFailAddress(db, required(values, 'blockchain'), required(values, 'address'));
      default:
        throw new OperatorError(`unknown command "${command}"\n${USAGE}`);
    }
  } finally {
    await db.close();
  }
}

try {
  const result = await run(process.argv.slice(2));
  if (result instanceof JsonLines) for (const row of result.rows) console.log(JSON.stringify(row));
  else console.log(JSON.stringify(result));
} catch (e) {
  if (e instanceof OperatorRefusal) {
    console.error(JSON.stringify({ code: e.code, detail: e.message }));
    process.exitCode = 1;
  } else {
    const message = e instanceof Error ? e.message : String(e);
    console.error(JSON.stringify({ error: message }));
    process.exitCode = 2;
  }
}
