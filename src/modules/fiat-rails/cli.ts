// §14.1, §16.6 partnerctl's `fiat` group and its rail commands: a partner's rails with fee and bounds.
// The group is this area's (the rails are what every fiat area stands on); other fiat areas add their
// commands to it. Declared here, run by operators.ts, loaded when a command runs (src/core/command.ts).
import { Option } from 'commander';
import { areaCommands, example, opt, str } from '../../core/command.js';
import type { FiatRail } from './rules.js';

const ops = () => import('./operators.js');

/** §14.1 the help's choices, here so that declaring the commands loads none of the module; tsc holds it to rules.ts's. */
const RAIL_CHOICES = ['SEPA', 'ACH', 'WIRE'] as const satisfies readonly FiatRail[];
const everyRail: [FiatRail] extends [(typeof RAIL_CHOICES)[number]] ? true : false = true;
void everyRail;

const railOption = () => new Option('--rail <rail>', 'SEPA, ACH or WIRE').choices(RAIL_CHOICES).makeOptionMandatory();

export default areaCommands({
  groups: {
    fiat: {
      description: 'fiat: the rails enabled per partner',
      commands(fiat, { onDb }) {
        const rail = fiat.command('rail').description("a partner client's fiat rails (SEPA EUR, ACH and WIRE USD): withdrawal fee and bounds");
        rail
          .command('enable')
          .description('create or re-enable the rail for the client (given options replace, absent ones keep; first: fee 0, min 1, max none); prints the rail')
          .requiredOption('--client-id <id>', 'the client')
          .addOption(railOption())
          .option('--withdrawal-fee-minor <f>', 'the fee of a withdrawal, minor units')
          .option('--min-minor <m>', 'least withdrawal amount, minor units (at least 1)')
          .option('--max-minor <m>', 'largest withdrawal amount, minor units, or none')
          .addHelpText('after', example('fiat rail enable --client-id acme --rail SEPA --withdrawal-fee-minor 150 --min-minor 100 --max-minor none'))
          .action(
            onDb(async ({ db }, o) =>
              (await ops()).enableRail(db, {
                clientId: str(o, 'clientId'),
                rail: str(o, 'rail') as FiatRail,
                withdrawalFeeMinor: opt(o, 'withdrawalFeeMinor'),
                minMinor: opt(o, 'minMinor'),
                maxMinor: opt(o, 'maxMinor'),
              }),
            ),
          );
        rail
          .command('disable')
          .description('disable the rail for the client: its operations answer RAIL_NOT_PERMITTED; repeating changes nothing; prints the rail')
          .requiredOption('--client-id <id>', 'the client')
          .addOption(railOption())
          .addHelpText('after', example('fiat rail disable --client-id acme --rail ACH'))
          .action(onDb(async ({ db }, o) => (await ops()).disableRail(db, str(o, 'clientId'), str(o, 'rail') as FiatRail)));
      },
    },
  },
});
