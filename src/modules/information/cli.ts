// §14.3 partnerctl's sandbox review outcomes of the additional-information loop (in the `sandbox` group).
// Declared here, run by operators.ts, loaded when a command runs (src/core/command.ts).
import { Option } from 'commander';
import { areaCommands, example, OperatorError, opt, str } from '../../core/command.js';
import type { InformationKey, InformationSubject } from './catalog.js';
import type { ReviewOutcome } from './sandbox.js';

const ops = () => import('./operators.js');

/** The help's choices, here so that declaring the command loads none of the module; tsc holds them to the module's. */
const SUBJECTS = ['APPLICATION', 'ACTIVATION'] as const satisfies readonly InformationSubject[];
const OUTCOMES = ['APPROVED', 'REJECTED', 'NEEDS_ADDITIONAL_INFORMATION'] as const satisfies readonly ReviewOutcome[];

export default areaCommands({
  groups: {},
  additions: {
    sandbox(sandbox, { onDb }) {
      sandbox
        .command('fiat-review-outcome')
        .description(
          "sandbox mode: the outcome of the first review of the customer's fiat account applications (APPLICATION) or withdrawal capability activations (ACTIVATION) from now on (--clear removes it); prints the entry",
        )
        .requiredOption('--customer-id <id>', 'the customer')
        .addOption(new Option('--subject <subject>', 'APPLICATION or ACTIVATION').choices(SUBJECTS).makeOptionMandatory())
        .addOption(new Option('--outcome <outcome>', 'APPROVED, REJECTED or NEEDS_ADDITIONAL_INFORMATION').choices(OUTCOMES))
        .option('--keys <keys>', 'NEEDS_ADDITIONAL_INFORMATION: the keys asked, comma-separated (default SOURCE_OF_FUNDS)')
        .option('--clear', 'remove the entry; prints {removed}')
        .addHelpText('after', example('sandbox fiat-review-outcome --customer-id 3f2b8c1e-6a4d-4e7b-9c05-1d2e3f4a5b6c --subject APPLICATION --outcome NEEDS_ADDITIONAL_INFORMATION --keys SOURCE_OF_FUNDS,PROOF_OF_ADDRESS_FILE'))
        .action(
          onDb(async ({ db }, o) => {
            const clear = o.clear === true;
            if (clear === (o.outcome !== undefined)) throw new OperatorError('give exactly one of --outcome and --clear');
            const keys = opt(o, 'keys');
            if (keys !== undefined && o.outcome !== 'NEEDS_ADDITIONAL_INFORMATION') throw new OperatorError('--keys goes with --outcome NEEDS_ADDITIONAL_INFORMATION');
            return (await ops()).sandboxFiatReviewOutcome(db, str(o, 'customerId'), str(o, 'subject') as InformationSubject, {
              outcome: opt(o, 'outcome') as ReviewOutcome | undefined,
              keys: keys?.split(',') as InformationKey[] | undefined,
              clear,
            });
          }),
        );
    },
  },
});
