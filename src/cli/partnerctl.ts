// §8 partnerctl: operator commands on the same DATABASE_URL as the server (SQLite or PostgreSQL),
// printing JSON. A running server reads routes and the deny list per request, and a client's secrets and
// limit at most CREDENTIAL_CACHE_MS old, so changes apply within the 5 s §8 allows.
import { parseArgs } from 'node:util';
import { DEFAULT_DATABASE_URL } from '../config.js';
import { listAuditEvents } from '../db/audit-repository.js';
import { databaseTargetFromUrl, openEngine } from '../db/engine.js';
import { secretBoxFromEnv } from '../core/secret-box.js';
import {
  OperatorError,
  createClient,
  createRoute,
  denyAddress,
  retireOldestSecret,
  rotateSecret,
  setClientLimit,
  setRouteState,
} from './operators.js';

const USAGE = `usage: partnerctl <command> [options]   (state: DATABASE_URL, default file:./data/partner.db)
  client create --name N [--client-id ID] [--secret S]
  client rotate-secret --client-id ID
  client retire-secret --client-id ID
  client limit --client-id ID --rps N --burst N
  route create --code C --client-id ID --blockchain ETH|TRON|BTC|SOL --currency CUR --scale N
               [--min-minor M] [--max-minor M] [--fee-minor F] [--disabled]
  route disable --code C
  route enable --code C
  screening deny --blockchain B --address A
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
  disabled: { type: 'boolean' },
  address: { type: 'string' },
  rps: { type: 'string' },
  burst: { type: 'string' },
  client: { type: 'string' },
  since: { type: 'string' },
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
    const box = secretBoxFromEnv(env, env.NODE_ENV === 'production');
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
        const scale = Number(required(values, 'scale'));
        return await createRoute(db, {
          code: required(values, 'code'),
          clientId: required(values, 'client-id'),
          blockchain: required(values, 'blockchain'),
          currency: required(values, 'currency'),
          scale,
          minMinor: values['min-minor'],
          maxMinor: values['max-minor'],
          feeMinor: values['fee-minor'],
          disabled: values.disabled ?? false,
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
      case 'screening deny':
        return await denyAddress(db, required(values, 'blockchain'), required(values, 'address'));
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
  const message = e instanceof Error ? e.message : String(e);
  console.error(JSON.stringify({ error: message }));
  process.exitCode = 2;
}
