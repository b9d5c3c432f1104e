// §13.1, §16.6 partnerctl's conversion commands: rates (global) and a partner's conversion pairs. Declared
// here, run by operators.ts, loaded when a command runs (src/core/command.ts).
import { areaCommands, example, opt, str, type Opts } from '../../core/command.js';

const ops = () => import('./operators.js');
const pairKey = (o: Opts) => ({ clientId: str(o, 'clientId'), source: str(o, 'source'), target: str(o, 'target') });

export default areaCommands({
  groups: {
    rate: {
      description: 'conversion rates: operator-set, global, one per (base, quote)',
      commands(rate, { onDb }) {
        rate
          .command('set')
          .description('set R = units of Q per unit of B (replaces the earlier rate; asOf = now); prints {base, quote, rate, asOf}')
          .requiredOption('--base <B>', 'base currency (EUR, USD or a route currency)')
          .requiredOption('--quote <Q>', 'quote currency, different from B')
          .requiredOption('--rate <R>', 'a decimal > 0: up to 18 digits, optionally a point and up to 18 more')
          .addHelpText('after', example('rate set --base USDT --quote EUR --rate 0.92'))
          .action(onDb(async ({ db }, o) => (await ops()).setRate(db, { base: str(o, 'base'), quote: str(o, 'quote'), rate: str(o, 'rate') })));
        rate
          .command('list')
          .description('every rate, ordered by base, then quote (a JSON array)')
          .addHelpText('after', example('rate list'))
          .action(onDb(async ({ db }) => (await ops()).listAllRates(db)));
      },
    },
    'conversion-pair': {
      description: "a partner client's conversion pairs: spread and bounds per (source, target)",
      commands(pair, { onDb }) {
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
              (await ops()).createPair(db, { ...pairKey(o), spreadBps: str(o, 'spreadBps'), minSourceMinor: opt(o, 'minSourceMinor'), maxSourceMinor: opt(o, 'maxSourceMinor'), disabled: o.disabled === true }),
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
              return (await ops()).updatePairOf(db, { ...pairKey(o), spreadBps: opt(o, 'spreadBps'), minSourceMinor: opt(o, 'minSourceMinor'), maxSourceMinor: max === 'none' ? null : max });
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
            .action(onDb(async ({ db }, o) => (await ops()).setPairEnabled(db, pairKey(o), enabled)));
      },
    },
  },
});
