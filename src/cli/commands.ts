// The platform's own partnerctl commands, those of no single area: partner clients and their secrets
// (§8), routes (§8, §10.2: a route may join the EVM rail, §18, so its actions sit above both modules),
// the audit trail, the demo client's secret, and `sign` / `evidence` for partners calling with curl
// (no database). The areas' commands are in src/modules/<area>/cli.ts; src/cli/program.ts mounts both.
import { Option, type Command } from 'commander';
import { example, JsonLines, OperatorError, OperatorRefusal, opt, PlainText, str, type AreaCommands, type CommandKit, type OperatorContext, type Opts } from '../core/command.js';
import { defaultBaseUrl } from './base-url.js';
import { DEMO_CLIENT_ID, RAILS } from './choices.js';
import { operationTypesHelp, pathIdOptionHelp, pathIdsHelp } from './evidence-help.js';
import type { EvmReach } from './operators.js';
import { partnerSecretOf } from './partner-secret.js';

// The operator code of each command, loaded by the command that runs it.
const routeOps = () => import('./operators.js');
const clientOps = () => import('./clients.js');
const requestTools = () => import('./request-tools.js');

/** §18.4: partnerctl's own EVM_* settings, read when a route command needs the chain; a bad one → VALIDATION_FAILED. */
async function evmReachOf({ env, production, target }: OperatorContext): Promise<EvmReach> {
  const { evmConfigOf } = await import('../config.js');
  const sandbox = env.PARTNER_SANDBOX === undefined || env.PARTNER_SANDBOX === '' ? !production : env.PARTNER_SANDBOX === 'true';
  try {
    return evmConfigOf(env, { production, sandbox, sqliteFile: target.kind === 'sqlite' ? target.file : null, signer: false });
  } catch (e) {
    // The message names the variable and never echoes a secret (src/modules/evm/config.ts).
    throw new OperatorRefusal('VALIDATION_FAILED', (e as Error).message);
  }
}

/** The platform's groups, mounted like an area's. */
export const platformCommands: AreaCommands = {
  groups: {
    // §8 clients (the frontend area adds `client origin`)
    client: {
      description: 'partner clients: create, secrets, rate limit, frontend origins',
      commands(client, { onDb }) {
        client
          .command('create')
          .description('create a partner client; prints {clientId, secret} (the secret is shown only here)')
          .requiredOption('--name <name>', 'display name')
          .option('--client-id <id>', 'the client id (default: generated)')
          .option('--secret <secret>', 'the secret (default: random 32 bytes)')
          .addHelpText('after', example('client create --name "Acme" --client-id acme'))
          .action(onDb(async ({ db, box }, o) => (await clientOps()).createClient(db, box, { name: str(o, 'name'), clientId: opt(o, 'clientId'), secret: opt(o, 'secret') })));
        client
          .command('rotate-secret')
          .description('add a second active secret; prints {clientId, secret}; both verify until retire-secret')
          .requiredOption('--client-id <id>', 'the client')
          .addHelpText('after', example('client rotate-secret --client-id acme'))
          .action(onDb(async ({ db, box }, o) => (await clientOps()).rotateSecret(db, box, str(o, 'clientId'))));
        client
          .command('retire-secret')
          .description('drop the older of two active secrets; only the newer one verifies afterwards')
          .requiredOption('--client-id <id>', 'the client')
          .addHelpText('after', example('client retire-secret --client-id acme'))
          .action(onDb(async ({ db }, o) => (await clientOps()).retireOldestSecret(db, str(o, 'clientId'))));
        client
          .command('limit')
          .description("override the client's rate limit (token bucket after authentication)")
          .requiredOption('--client-id <id>', 'the client')
          .requiredOption('--rps <n>', 'requests per second')
          .requiredOption('--burst <n>', 'bucket size')
          .addHelpText('after', example('client limit --client-id acme --rps 50 --burst 100'))
          .action(onDb(async ({ db }, o) => (await clientOps()).setClientLimit(db, str(o, 'clientId'), Number(str(o, 'rps')), Number(str(o, 'burst')))));
      },
    },
    // §8, §10.2 routes
    route: {
      description: 'routes: which (blockchain, currency) a client may use, with limits and fee',
      commands(route, { onDb }) {
        route
          .command('create')
          .description('map a route to a client; prints the route')
          .requiredOption('--code <code>', 'route code, e.g. USDT-ETH')
          .requiredOption('--client-id <id>', 'the client it is mapped to')
          .requiredOption('--blockchain <chain>', 'ETH, TRON, BTC or SOL')
          .requiredOption('--currency <cur>', 'currency code, e.g. USDT')
          .requiredOption('--scale <n>', 'digits after the point (routes of one currency share one scale)')
          .option('--min-minor <m>', 'least amount, minor units')
          .option('--max-minor <m>', 'largest amount, minor units')
          .option('--fee-minor <f>', 'withdrawal fee, minor units')
          .option('--travel-rule-threshold-minor <t>', 'deposits of at least this wait for Travel Rule information')
          .option('--disabled', 'create it disabled')
          .addOption(new Option('--rail <rail>', 'SANDBOX (the simulator, default) or EVM (the chain of EVM_RPC_URLS; ETH routes only, §18)').choices(RAILS))
          .option('--token-contract <address>', 'ETH routes: the ERC-20 contract (stored EIP-55); without it an EVM route moves native ETH')
          .addHelpText(
            'after',
            example(
              'route create --code USDT-ETH --client-id acme --blockchain ETH --currency USDT --scale 6 --fee-minor 1500000',
              'route create --code USDT-EVM --client-id acme --blockchain ETH --currency USDT --scale 6 --rail EVM --token-contract 0xdAC17F958D2ee523a2206206994597C13D831ec7',
            ),
          )
          .action(
            onDb(async (ctx, o) => {
              const scaleText = str(o, 'scale');
              if (!/^[0-9]{1,2}$/.test(scaleText)) throw new OperatorError('--scale must be an integer 0–36');
              const rail = opt(o, 'rail') as (typeof RAILS)[number] | undefined;
              const token = opt(o, 'tokenContract');
              return (await routeOps()).createRoute(
                ctx.db,
                {
                  code: str(o, 'code'),
                  clientId: str(o, 'clientId'),
                  blockchain: str(o, 'blockchain'),
                  currency: str(o, 'currency'),
                  scale: Number(scaleText),
                  minMinor: opt(o, 'minMinor'),
                  maxMinor: opt(o, 'maxMinor'),
                  feeMinor: opt(o, 'feeMinor'),
                  travelRuleThresholdMinor: opt(o, 'travelRuleThresholdMinor'),
                  disabled: o.disabled === true,
                  rail,
                  tokenContract: token === 'none' ? null : token,
                },
                rail === 'EVM' ? await evmReachOf(ctx) : undefined,
              );
            }),
          );
        route
          .command('update')
          .description("change a route's fee, bounds, Travel Rule threshold, token contract or rail; prints the route")
          .requiredOption('--code <code>', 'route code')
          .requiredOption('--client-id <id>', 'the client it is mapped to')
          .option('--fee-minor <f>', 'withdrawal fee, minor units')
          .option('--min-minor <m>', 'least amount')
          .option('--max-minor <m>', 'largest amount')
          .option('--travel-rule-threshold-minor <t>', 'a threshold, or none')
          .option('--token-contract <address>', "ETH routes: the ERC-20 contract, or none (an EVM route's never changes)")
          .addOption(new Option('--rail <rail>', 'EVM: make a SANDBOX route an EVM one while nothing exists on it (§18 C1)').choices(RAILS))
          .addHelpText(
            'after',
            example('route update --code USDT-ETH --client-id acme --fee-minor 1000000', 'route update --code USDT-ETH --client-id acme --rail EVM'),
          )
          .action(
            onDb(async (ctx, o) => {
              const threshold = opt(o, 'travelRuleThresholdMinor');
              const rail = opt(o, 'rail') as (typeof RAILS)[number] | undefined;
              const token = opt(o, 'tokenContract');
              return (await routeOps()).updateRouteOf(
                ctx.db,
                {
                  code: str(o, 'code'),
                  clientId: str(o, 'clientId'),
                  feeMinor: opt(o, 'feeMinor'),
                  minMinor: opt(o, 'minMinor'),
                  maxMinor: opt(o, 'maxMinor'),
                  // §10.2: `none` removes the threshold (deposits on the route are never held).
                  travelRuleThresholdMinor: threshold === 'none' ? null : threshold,
                  rail,
                  tokenContract: token === 'none' ? null : token,
                },
                rail === 'EVM' ? await evmReachOf(ctx) : undefined,
              );
            }),
          );
        for (const [name, enabled] of [['disable', false], ['enable', true]] as const)
          route
            .command(name)
            .description(`${name} a route (a disabled route refuses new operations with ROUTE_NOT_PERMITTED)`)
            .requiredOption('--code <code>', 'route code')
            .addHelpText('after', example(`route ${name} --code USDT-ETH`))
            .action(onDb(async ({ db }, o) => (await routeOps()).setRouteState(db, str(o, 'code'), enabled)));
      },
    },
  },
};

/** The platform's single commands, listed after every group: the audit trail, the demo secret, the request tools. */
export function mountPlatformTools(program: Command, { env, onDb, done }: CommandKit, err: (s: string) => void): void {
  program
    .command('audit')
    .description("a client's audit trail (every authenticated mutation attempt), as JSON lines")
    .requiredOption('--client <id>', 'the client')
    .option('--since <time>', 'ISO 8601 date-time')
    .addHelpText('after', example('audit --client acme --since 2026-11-23T00:00:00.000Z'))
    .action(
      onDb(async ({ db }, o) => {
        const since = opt(o, 'since');
        if (since !== undefined && Number.isNaN(Date.parse(since))) throw new OperatorError('--since must be an ISO 8601 date-time');
        const { listAuditEvents } = await import('../db/audit-repository.js');
        return new JsonLines(await listAuditEvents(db.read, str(o, 'client'), since && new Date(since).toISOString()));
      }),
    );

  program
    .command('demo-secret')
    .description(`development only: a fresh secret for the demo client (${DEMO_CLIENT_ID}); earlier ones stop verifying`)
    .addHelpText('after', example('demo-secret'))
    .action(
      onDb(async ({ db, box, production }) => {
        if (production) throw new OperatorRefusal('INVALID_STATE', 'demo-secret is for development: there is no demo client in production');
        return (await clientOps()).freshDemoSecret(db, box, DEMO_CLIENT_ID);
      }),
    );

  // For partners calling with curl: no database.
  program
    .command('sign')
    .description('the signed headers (§2) of one request, its canonical string and a ready curl command (--curl: the command alone)')
    .requiredOption('--client-id <id>', 'your client id')
    .addOption(new Option('--secret <secret>', 'your secret (or set PARTNER_SECRET, which keeps it out of shell history)').env('PARTNER_SECRET'))
    .option('--curl', 'print only the curl command, ready to run (e.g. `npx partnerctl sign … --curl | sh`)')
    .addOption(new Option('--method <method>', 'GET or POST').default('POST'))
    .requiredOption('--path <path>', 'path and query exactly as sent, e.g. /graphql or /partner/v1/events?limit=10')
    .option('--body <json>', 'the exact body to send')
    .option('--body-file <file>', 'read the body from a file (- for stdin)')
    .option('--idempotency-key <key>', 'the key (default: a fresh UUID on POST)')
    .option('--no-idempotency-key', 'send none (queries)')
    .option('--timestamp <time>', 'default: now')
    .option('--nonce <nonce>', 'default: random')
    .option('--base-url <url>', 'for the curl command (default: BASE, else http://127.0.0.1:$PORT, PORT default 4000)', defaultBaseUrl(env))
    .addHelpText(
      'after',
      example(
        `sign --client-id demo-partner --method GET --path '/partner/v1/events?limit=1' --no-idempotency-key`,
        `sign --client-id demo-partner --path /graphql --no-idempotency-key --body '{"query":"{ events(first: 1) { items { type } } }"}'`,
        `sign --client-id demo-partner --method GET --path /partner/v1/events --no-idempotency-key --curl | sh`,
      ),
    )
    .action(async (o: Opts) => {
      const secret = opt(o, 'secret') || partnerSecretOf(env, (notice) => err(`${JSON.stringify({ notice })}\n`));
      if (!secret) throw new OperatorError('--secret or PARTNER_SECRET is required');
      const tools = await requestTools();
      const signed = tools.signRequest({
        clientId: str(o, 'clientId'),
        secret,
        method: str(o, 'method'),
        path: str(o, 'path'),
        body: tools.jsonText(opt(o, 'body'), opt(o, 'bodyFile'), 'body'),
        idempotencyKey: o.idempotencyKey === false ? false : typeof o.idempotencyKey === 'string' ? o.idempotencyKey : undefined,
        timestamp: opt(o, 'timestamp'),
        nonce: opt(o, 'nonce'),
        baseUrl: str(o, 'baseUrl'),
      });
      done(o.curl === true ? new PlainText(signed.curl) : signed);
    });
  program
    .command('evidence')
    .description('the operationAuthorization (§5) of one money-moving operation, and the body to send with it')
    .requiredOption('--operation-type <type>', operationTypesHelp())
    .requiredOption('--id <id>', pathIdsHelp())
    .option('--path-id <name>', pathIdOptionHelp())
    .option('--input <json>', 'the request body without operationAuthorization', '{}')
    .option('--input-file <file>', 'read the input from a file (- for stdin)')
    .requiredOption('--user <ref>', 'authorizedByPartnerUserRef: who approved it')
    .option('--authorization-method <method>', 'how they approved it', 'PASSKEY')
    .requiredOption('--mfa-ref <ref>', 'mfaEvidenceRef: your reference of the second factor')
    .option('--authorized-at <time>', 'default: now')
    .option('--policy-ref <ref>', 'authorizedByPartnerPolicyRef')
    .option('--source-system <name>', 'sourceSystem')
    .option('--source-action-ref <ref>', 'sourceActionRef')
    .addHelpText('after', example('evidence --operation-type CRYPTO_WITHDRAWAL_SUBMIT --id 0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9 --user ops-user-7 --mfa-ref mfa-1'))
    .action(async (o: Opts) => {
      const tools = await requestTools();
      done(
        tools.evidenceOf({
          operationType: str(o, 'operationType'),
          id: str(o, 'id'),
          pathId: opt(o, 'pathId'),
          input: tools.jsonText(o.inputFile === undefined ? opt(o, 'input') : undefined, opt(o, 'inputFile'), 'input'),
          user: str(o, 'user'),
          authorizationMethod: str(o, 'authorizationMethod'),
          mfaRef: str(o, 'mfaRef'),
          authorizedAt: opt(o, 'authorizedAt'),
          policyRef: opt(o, 'policyRef'),
          sourceSystem: opt(o, 'sourceSystem'),
          sourceActionRef: opt(o, 'sourceActionRef'),
        }),
      );
    });
}
