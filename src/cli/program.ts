// partnerctl's commands, on commander: each command's options, help and example, and the operator
// function it runs. Results are JSON on stdout; exit codes are partnerctl.ts's (§11.8).
//
// Building the program loads commander and nothing else of the service: a command loads the code it
// runs when it runs (`await ops()` below), so `--help`, `sign` and `evidence` open no database and load
// no module, and a database command loads the engine and its own operator file only.
import { Command, Option } from 'commander';
import { DEFAULT_DATABASE_URL } from '../config/database-url.js';
import type { SecretBox } from '../core/secret-box.js';
import type { Engine } from '../engine/open.js';
import type { VerificationOutcome } from '../modules/customers/index.js';
import { defaultBaseUrl } from './base-url.js';
import { DEMO_CLIENT_ID, RAILS, VERIFICATION_OUTCOMES } from './choices.js';
import type { EvmReach } from './operators.js';
import { operationTypesHelp, pathIdsHelp } from './evidence-help.js';
import { partnerSecretOf } from './partner-secret.js';
import { OperatorError, OperatorRefusal } from './refusals.js';
import type { WebhookSettings } from './webhooks.js';

// The operator code of each group of commands, loaded by the command that runs it.
const ops = () => import('./operators.js');
const clientOps = () => import('./clients.js');
const conversionOps = () => import('./conversion.js');
const customerOps = () => import('./customers.js');
const devnetOps = () => import('./devnet.js');
const frontendOps = () => import('./frontend.js');
const railOps = () => import('./rail.js');
const requestTools = () => import('./request-tools.js');
const webhookOps = () => import('./webhooks.js');

/** Output printed one JSON document per line. */
export class JsonLines {
  constructor(readonly rows: unknown[]) {}
}

/** Output printed as it is (a command line to run), followed by a newline. */
export class PlainText {
  constructor(readonly text: string) {}
}

type Opts = Record<string, string | boolean | undefined>;
type Ctx = {
  db: Engine;
  env: NodeJS.ProcessEnv;
  production: boolean;
  box: SecretBox;
  hooks: () => Promise<WebhookSettings>;
  /** §18.4: partnerctl's own EVM_* settings, read when a command needs the chain; a bad one → VALIDATION_FAILED. */
  evm: () => Promise<EvmReach>;
};

const str = (o: Opts, name: string) => o[name] as string;
const opt = (o: Opts, name: string) => o[name] as string | undefined;

const example = (...lines: string[]) => `\nExample:\n${lines.map((l) => `  $ partnerctl ${l}`).join('\n')}\n`;

/** Where partnerctl writes: its stdout and stderr, or a test's buffers. */
export type CliIo = { out: (s: string) => void; err: (s: string) => void };

/** Builds the program; `done` receives each command's result. */
export function buildProgram(env: NodeJS.ProcessEnv, version: string, io: CliIo, done: (result: unknown) => void): Command {
  /** A command that works on the database (DATABASE_URL, the server's). */
  const onDb = (fn: (ctx: Ctx, o: Opts) => Promise<unknown>) => async (o: Opts) => {
    const [{ databaseTargetFromUrl, openEngine }, { databaseNotice }, { secretBoxFromEnv }] = await Promise.all([
      import('../engine/open.js'),
      import('./database.js'),
      import('../core/secret-box.js'),
    ]);
    const target = databaseTargetFromUrl(env.DATABASE_URL || DEFAULT_DATABASE_URL);
    io.err(`${databaseNotice(target, env)}\n`);
    const db = await openEngine(target, { poolSize: 1 });
    try {
      const production = env.NODE_ENV === 'production';
      const box = secretBoxFromEnv(env, production);
      // §11.7: partnerctl applies its own NODE_ENV.
      const evm = async () => {
        const { evmConfigOf } = await import('../config.js');
        const sandbox = env.PARTNER_SANDBOX === undefined || env.PARTNER_SANDBOX === '' ? !production : env.PARTNER_SANDBOX === 'true';
        try {
          return evmConfigOf(env, { production, sandbox, sqliteFile: target.kind === 'sqlite' ? target.file : null, signer: false });
        } catch (e) {
          // The message names the variable and never echoes a secret (src/modules/evm/config.ts).
          throw new OperatorRefusal('VALIDATION_FAILED', (e as Error).message);
        }
      };
      const hooks = async () => ({ box, production, overlapSeconds: (await import('../config.js')).webhookSecretOverlapSecondsOf(env) });
      done(await fn({ db, env, production, box, hooks, evm }, o));
    } finally {
      await db.close();
    }
  };

  const program = new Command('partnerctl')
    .description('Operator commands for the partner API, on the same DATABASE_URL as the server (default file:./data/partner.db).\nResults are JSON on stdout; a command on the database first prints {"database","from"} on stderr. Exit 0: done; 1: refused, {"code","detail"} on stderr; 2: usage error, {"error"} on stderr.')
    .version(version, '-V, --version')
    .helpCommand(true)
    .showSuggestionAfterError(true);

  // §8 clients
  const client = program.command('client').description('partner clients: create, secrets, rate limit, frontend origins');
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
  // §17.3 the web origins of the client's frontend sessions
  const origin = client.command('origin').description("the web origins the client's frontend sessions may name (§17.3): add, remove, list");
  origin
    .command('add')
    .description('register an origin (scheme://host[:port]; https, or http://localhost|127.0.0.1 outside production), at most 20 per client; prints {clientId, origins}')
    .requiredOption('--client-id <id>', 'the client')
    .requiredOption('--origin <origin>', 'the origin, e.g. https://app.acme.example')
    .addHelpText('after', example('client origin add --client-id acme --origin https://app.acme.example'))
    .action(onDb(async ({ db, production }, o) => (await frontendOps()).addClientOrigin(db, str(o, 'clientId'), str(o, 'origin'), production)));
  origin
    .command('remove')
    .description('remove an origin and revoke the client\'s frontend sessions bound to it; prints {clientId, origins, revokedSessions}')
    .requiredOption('--client-id <id>', 'the client')
    .requiredOption('--origin <origin>', 'the origin')
    .addHelpText('after', example('client origin remove --client-id acme --origin https://app.acme.example'))
    .action(onDb(async ({ db, production }, o) => (await frontendOps()).removeClientOrigin(db, str(o, 'clientId'), str(o, 'origin'), production)));
  origin
    .command('list')
    .description("the client's origins; prints {clientId, origins}")
    .requiredOption('--client-id <id>', 'the client')
    .addHelpText('after', example('client origin list --client-id acme'))
    .action(onDb(async ({ db }, o) => (await frontendOps()).clientOrigins(db, str(o, 'clientId'))));

  // §8, §10.2 routes
  const route = program.command('route').description('routes: which (blockchain, currency) a client may use, with limits and fee');
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
      onDb(async ({ db, evm }, o) => {
        const scaleText = str(o, 'scale');
        if (!/^[0-9]{1,2}$/.test(scaleText)) throw new OperatorError('--scale must be an integer 0–36');
        const rail = opt(o, 'rail') as (typeof RAILS)[number] | undefined;
        const token = opt(o, 'tokenContract');
        return (await ops()).createRoute(
          db,
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
          rail === 'EVM' ? await evm() : undefined,
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
      onDb(async ({ db, evm }, o) => {
        const threshold = opt(o, 'travelRuleThresholdMinor');
        const rail = opt(o, 'rail') as (typeof RAILS)[number] | undefined;
        const token = opt(o, 'tokenContract');
        return (await ops()).updateRouteOf(
          db,
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
          rail === 'EVM' ? await evm() : undefined,
        );
      }),
    );
  for (const [name, enabled] of [['disable', false], ['enable', true]] as const)
    route
      .command(name)
      .description(`${name} a route (a disabled route refuses new operations with ROUTE_NOT_PERMITTED)`)
      .requiredOption('--code <code>', 'route code')
      .addHelpText('after', example(`route ${name} --code USDT-ETH`))
      .action(onDb(async ({ db }, o) => (await ops()).setRouteState(db, str(o, 'code'), enabled)));

  // §13.1, §16.6 conversion: rates and pairs
  const rate = program.command('rate').description('conversion rates: operator-set, global, one per (base, quote)');
  rate
    .command('set')
    .description('set R = units of Q per unit of B (replaces the earlier rate; asOf = now); prints {base, quote, rate, asOf}')
    .requiredOption('--base <B>', 'base currency (EUR, USD or a route currency)')
    .requiredOption('--quote <Q>', 'quote currency, different from B')
    .requiredOption('--rate <R>', 'a decimal > 0: up to 18 digits, optionally a point and up to 18 more')
    .addHelpText('after', example('rate set --base USDT --quote EUR --rate 0.92'))
    .action(onDb(async ({ db }, o) => (await conversionOps()).setRate(db, { base: str(o, 'base'), quote: str(o, 'quote'), rate: str(o, 'rate') })));
  rate
    .command('list')
    .description('every rate, ordered by base, then quote (a JSON array)')
    .addHelpText('after', example('rate list'))
    .action(onDb(async ({ db }) => (await conversionOps()).listAllRates(db)));
  const pair = program.command('conversion-pair').description("a partner client's conversion pairs: spread and bounds per (source, target)");
  const pairKey = (o: Opts) => ({ clientId: str(o, 'clientId'), source: str(o, 'source'), target: str(o, 'target') });
  pair
    .command('create')
    .description('map a directional pair to a client; prints the pair')
    .requiredOption('--client-id <id>', 'the client')
    .requiredOption('--source <S>', 'source currency')
    .requiredOption('--target <T>', 'target currency')
    .requiredOption('--spread-bps <n>', 'spread in basis points, 0–1000')
    .option('--min-source-minor <m>', 'least source amount, minor units (default 1)')
    .option('--max-source-minor <m>', 'largest source amount, minor units (default none)')
    .option('--disabled', 'create it disabled')
    .addHelpText('after', example('conversion-pair create --client-id acme --source USDT --target EUR --spread-bps 50'))
    .action(
      onDb(async ({ db }, o) =>
        (await conversionOps()).createPair(db, { ...pairKey(o), spreadBps: str(o, 'spreadBps'), minSourceMinor: opt(o, 'minSourceMinor'), maxSourceMinor: opt(o, 'maxSourceMinor'), disabled: o.disabled === true }),
      ),
    );
  pair
    .command('update')
    .description("change a pair's spread or bounds; prints the pair")
    .requiredOption('--client-id <id>', 'the client')
    .requiredOption('--source <S>', 'source currency')
    .requiredOption('--target <T>', 'target currency')
    .option('--spread-bps <n>', 'spread in basis points, 0–1000')
    .option('--min-source-minor <m>', 'least source amount')
    .option('--max-source-minor <m>', 'largest source amount, or none')
    .addHelpText('after', example('conversion-pair update --client-id acme --source USDT --target EUR --max-source-minor none'))
    .action(
      onDb(async ({ db }, o) => {
        const max = opt(o, 'maxSourceMinor');
        return (await conversionOps()).updatePairOf(db, { ...pairKey(o), spreadBps: opt(o, 'spreadBps'), minSourceMinor: opt(o, 'minSourceMinor'), maxSourceMinor: max === 'none' ? null : max });
      }),
    );
  for (const [name, enabled] of [['disable', false], ['enable', true]] as const)
    pair
      .command(name)
      .description(`${name} a pair (a disabled pair refuses quotes and drafts with CONVERSION_PAIR_NOT_PERMITTED)`)
      .requiredOption('--client-id <id>', 'the client')
      .requiredOption('--source <S>', 'source currency')
      .requiredOption('--target <T>', 'target currency')
      .addHelpText('after', example(`conversion-pair ${name} --client-id acme --source USDT --target EUR`))
      .action(onDb(async ({ db }, o) => (await conversionOps()).setPairEnabled(db, pairKey(o), enabled)));

  // §12.3, §12.4 customers
  const customer = program.command('customer').description("customers: suspension, verification decisions and the evidence kept");
  for (const [name, suspended] of [['suspend', true], ['reactivate', false]] as const)
    customer
      .command(name)
      .description(
        suspended
          ? 'suspend a customer: money and crypto operations refuse it with CUSTOMER_SUSPENDED; prints the customer'
          : 'reactivate a SUSPENDED customer; prints the customer',
      )
      .requiredOption('--customer-id <id>', 'the customer')
      .addHelpText('after', example(`customer ${name} --customer-id 3f2b8c1e-6a4d-4e7b-9c05-1d2e3f4a5b6c`))
      .action(onDb(async ({ db }, o) => (await customerOps()).suspendCustomer(db, str(o, 'customerId'), suspended)));
  customer
    .command('verification-decide')
    .description("set the customer's verification outcome at once, in any state, ending a pending review; prints the customer")
    .requiredOption('--customer-id <id>', 'the customer')
    .addOption(new Option('--outcome <outcome>', 'VERIFIED or REJECTED').choices(VERIFICATION_OUTCOMES).makeOptionMandatory())
    .option('--info <text>', 'verificationStatusInfo of a REJECTED outcome, 1–200 characters (default "Rejected by review")')
    .addHelpText('after', example('customer verification-decide --customer-id 3f2b8c1e-6a4d-4e7b-9c05-1d2e3f4a5b6c --outcome REJECTED --info "Document expired"'))
    .action(onDb(async ({ db }, o) => (await customerOps()).verificationDecide(db, str(o, 'customerId'), str(o, 'outcome') as VerificationOutcome, opt(o, 'info'))));
  customer
    .command('evidence')
    .description(
      "the customer's verification submissions, newest first: submittedAt, outcome and decidedAt (null while the review is pending), the checks' type and result; no personal data (§16.9)",
    )
    .requiredOption('--customer-id <id>', 'the customer')
    .addHelpText('after', example('customer evidence --customer-id 3f2b8c1e-6a4d-4e7b-9c05-1d2e3f4a5b6c'))
    .action(onDb(async ({ db, box }, o) => (await customerOps()).customerEvidence(db, box, str(o, 'customerId'))));

  // §8 screening, §10.7 sandbox
  const screening = program.command('screening').description('the deny list screening consults');
  screening
    .command('deny')
    .description('deny-list an address: beneficiaries and withdrawals to it are rejected, deposits from it frozen')
    .requiredOption('--blockchain <chain>', 'ETH, TRON, BTC or SOL')
    .requiredOption('--address <address>', 'the address')
    .addHelpText('after', example('screening deny --blockchain ETH --address 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'))
    .action(onDb(async ({ db }, o) => (await ops()).denyAddress(db, str(o, 'blockchain'), str(o, 'address'))));
  screening
    .command('allow')
    .description('remove an address from the deny list; prints {removed}')
    .requiredOption('--blockchain <chain>', 'ETH, TRON, BTC or SOL')
    .requiredOption('--address <address>', 'the address')
    .addHelpText('after', example('screening allow --blockchain ETH --address 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'))
    .action(onDb(async ({ db }, o) => (await ops()).allowAddress(db, str(o, 'blockchain'), str(o, 'address'))));
  // §18.4 the EVM rail
  const rail = program.command('rail').description('the EVM rail (§18): status, resume, rescan');
  rail
    .command('status')
    .description('the chain, the hot wallet (nonces, balances), what is in flight and waiting, the halt and a scheduled rescan; prints the status')
    .addHelpText('after', example('rail status'))
    .action(onDb(async ({ db, env }) => (await railOps()).railStatusCommand(db, env)));
  rail
    .command('resume')
    .description('lift a halt once its cause is over (FOREIGN_TRANSACTION: its transactions final; FINALITY_LOST: the final blocks canonical again, or --accept-reorg); prints the status')
    .option('--accept-reorg', 'FINALITY_LOST: lift it although a final block left the chain (recorded in the audit trail under client "operator")')
    .addHelpText('after', example('rail resume', 'rail resume --accept-reorg'))
    .action(onDb(async ({ db, env }, o) => (await railOps()).railResumeCommand(db, env, o.acceptReorg === true)));
  rail
    .command('rescan')
    .description('read the chain again from a block (0 ≤ N ≤ head; refused while halted); the running server carries it out; prints {fromBlock, scheduled}')
    .requiredOption('--from-block <n>', 'the first block to read again')
    .addHelpText('after', example('rail rescan --from-block 19000000'))
    .action(onDb(async ({ db, env }, o) => (await railOps()).railRescanCommand(db, env, str(o, 'fromBlock'))));
  const sandbox = program.command('sandbox').description('sandbox controls of the simulated transfer rail');
  sandbox
    .command('fail-address')
    .description('make transfers to an address fail at BROADCASTING or CONFIRMING')
    .requiredOption('--blockchain <chain>', 'ETH, TRON, BTC or SOL')
    .requiredOption('--address <address>', 'the destination')
    .requiredOption('--at <state>', 'BROADCASTING or CONFIRMING')
    .addHelpText('after', example('sandbox fail-address --blockchain ETH --address 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed --at CONFIRMING'))
    .action(onDb(async ({ db }, o) => (await ops()).failAddress(db, str(o, 'blockchain'), str(o, 'address'), str(o, 'at'))));
  sandbox
    .command('clear-address')
    .description('remove a failure entry; prints {removed}')
    .requiredOption('--blockchain <chain>', 'ETH, TRON, BTC or SOL')
    .requiredOption('--address <address>', 'the destination')
    .addHelpText('after', example('sandbox clear-address --blockchain ETH --address 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'))
    .action(onDb(async ({ db }, o) => (await ops()).clearFailAddress(db, str(o, 'blockchain'), str(o, 'address'))));

  sandbox
    .command('verification-outcome')
    .description("sandbox mode: the outcome the customer's verification submissions capture from now on (--clear removes it); prints the entry")
    .requiredOption('--customer-id <id>', 'the customer')
    .addOption(new Option('--outcome <outcome>', 'VERIFIED or REJECTED').choices(VERIFICATION_OUTCOMES))
    .option('--info <text>', 'verificationStatusInfo of a REJECTED outcome, 1–200 characters')
    .option('--clear', 'remove the entry; prints {removed}')
    .addHelpText('after', example('sandbox verification-outcome --customer-id 3f2b8c1e-6a4d-4e7b-9c05-1d2e3f4a5b6c --outcome REJECTED --info "Document expired"'))
    .action(
      onDb(async ({ db }, o) => {
        const clear = o.clear === true;
        if (clear === (o.outcome !== undefined)) throw new OperatorError('give exactly one of --outcome and --clear');
        if (clear && o.info !== undefined) throw new OperatorError('--info goes with --outcome, not --clear');
        return (await customerOps()).sandboxVerificationOutcome(db, str(o, 'customerId'), { outcome: opt(o, 'outcome') as VerificationOutcome | undefined, info: opt(o, 'info'), clear });
      }),
    );

  // §18.4, C14 the development devnet (partnerctl's own EVM_DEVNET and EVM_DEVNET_PORT)
  const devnet = program.command('devnet').description('the development devnet the server runs with EVM_DEVNET=true (partnerctl needs EVM_DEVNET=true too): pay, mine');
  devnet
    .command('pay')
    .description('send from the payer (mnemonic account 1) the route\'s token, or ETH on a native route, to an address, and mine one block; prints {txHash, blockNumber, from, to, amountMinor}')
    .requiredOption('--to <address>', 'the destination, e.g. a customer\'s EVM deposit address')
    .requiredOption('--route <code>', 'an EVM route code (any partner\'s mapping)')
    .requiredOption('--amount-minor <n>', 'the amount in the route\'s minor units')
    .addHelpText('after', example('devnet pay --to 0x8C8d35429F74ec245F8Ef2f4Fd1e551cFF97d650 --route USDT-DEVNET --amount-minor 1000000'))
    .action(async (o: Opts) => {
      const amountMinor = (await devnetOps()).amountMinorOf(str(o, 'amountMinor'));
      const url = (await devnetOps()).devnetUrlOf(env);
      const to = (await devnetOps()).destinationOf(str(o, 'to'));
      await onDb(async ({ db }) => (await devnetOps()).devnetPay(db, url, { to, routeCode: str(o, 'route'), amountMinor }))(o);
    });
  devnet
    .command('mine')
    .description('mine blocks on the devnet; prints {head}')
    .option('--blocks <n>', 'how many, 1–1000 (default 1)')
    .addHelpText('after', example('devnet mine --blocks 5'))
    .action(async (o: Opts) => {
      const blocks = (await devnetOps()).blocksOf(opt(o, 'blocks'));
      done(await (await devnetOps()).devnetMine((await devnetOps()).devnetUrlOf(env), blocks));
    });

  // §11.8 webhooks
  const webhook = program.command('webhook').description("a client's webhook endpoints and deliveries");
  webhook
    .command('create')
    .description('a new ENABLED endpoint; prints {endpoint, secret}')
    .requiredOption('--client-id <id>', 'the client')
    .requiredOption('--url <url>', 'the receiver (https in production)')
    .option('--types <t1,t2>', 'event types, comma-separated (default: all)')
    .option('--description <text>', 'a note')
    .addHelpText('after', example('webhook create --client-id acme --url https://acme.example/hooks --types crypto_withdrawal.completed'))
    .action(
      onDb(async ({ db, hooks }, o) =>
        (await webhookOps()).createWebhook(db, await hooks(), { clientId: str(o, 'clientId'), url: str(o, 'url'), types: (await webhookOps()).typesOf(opt(o, 'types')), description: opt(o, 'description') }),
      ),
    );
  webhook
    .command('list')
    .description("the client's endpoints")
    .requiredOption('--client-id <id>', 'the client')
    .addHelpText('after', example('webhook list --client-id acme'))
    .action(onDb(async ({ db }, o) => (await webhookOps()).listWebhooks(db, str(o, 'clientId'))));
  webhook
    .command('disable')
    .description('stop deliveries; pending ones are cancelled')
    .requiredOption('--endpoint-id <id>', 'the endpoint')
    .addHelpText('after', example('webhook disable --endpoint-id 3f0c…'))
    .action(onDb(async ({ db }, o) => (await webhookOps()).disableWebhook(db, str(o, 'endpointId'))));
  webhook
    .command('enable')
    .description('resume deliveries')
    .requiredOption('--endpoint-id <id>', 'the endpoint')
    .addHelpText('after', example('webhook enable --endpoint-id 3f0c…'))
    .action(onDb(async ({ db, hooks }, o) => (await webhookOps()).enableWebhook(db, await hooks(), str(o, 'endpointId'))));
  webhook
    .command('rotate-secret')
    .description('a new signing secret; the previous one keeps signing for WEBHOOK_SECRET_OVERLAP_SECONDS')
    .requiredOption('--endpoint-id <id>', 'the endpoint')
    .addHelpText('after', example('webhook rotate-secret --endpoint-id 3f0c…'))
    .action(onDb(async ({ db, hooks }, o) => (await webhookOps()).rotateWebhookSecret(db, await hooks(), str(o, 'endpointId'))));
  webhook
    .command('deliveries')
    .description("the endpoint's deliveries with their attempts")
    .requiredOption('--endpoint-id <id>', 'the endpoint')
    .option('--status <status>', 'PENDING, SUCCEEDED, FAILED or CANCELLED')
    .addHelpText('after', example('webhook deliveries --endpoint-id 3f0c… --status FAILED'))
    .action(onDb(async ({ db }, o) => (await webhookOps()).webhookDeliveries(db, str(o, 'endpointId'), opt(o, 'status'))));
  webhook
    .command('redeliver')
    .description('one of the client\'s events delivered again to an ENABLED endpoint (same webhook-id); prints the new delivery')
    .requiredOption('--endpoint-id <id>', 'the endpoint')
    .requiredOption('--event-id <id>', 'the event')
    .addHelpText('after', example('webhook redeliver --endpoint-id 3f0c… --event-id 9b1e…'))
    .action(onDb(async ({ db }, o) => (await webhookOps()).redeliverWebhook(db, str(o, 'endpointId'), str(o, 'eventId'))));

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
      const secret = opt(o, 'secret') || partnerSecretOf(env, (notice) => io.err(`${JSON.stringify({ notice })}\n`));
      if (!secret) throw new OperatorError('--secret or PARTNER_SECRET is required');
      const signed = (await requestTools()).signRequest({
          clientId: str(o, 'clientId'),
          secret,
          method: str(o, 'method'),
          path: str(o, 'path'),
          body: (await requestTools()).jsonText(opt(o, 'body'), opt(o, 'bodyFile'), 'body'),
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
      done(
        (await requestTools()).evidenceOf({
          operationType: str(o, 'operationType'),
          id: str(o, 'id'),
          input: (await requestTools()).jsonText(o.inputFile === undefined ? opt(o, 'input') : undefined, opt(o, 'inputFile'), 'input'),
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

  return program;
}
