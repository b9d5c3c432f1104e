// §14.3, §14.7 partnerctl's sandbox commands of fiat withdrawals (in the `sandbox` group). Declared here,
// run by operators.ts, loaded when a command runs (src/core/command.ts).
import { Option } from 'commander';
import { areaCommands, example, OperatorError, opt, str } from '../../core/command.js';
import type { InformationKey } from '../information/index.js';
import type { ReturnReason } from './rules.js';
import type { WithdrawalOutcome } from './sandbox.js';

const ops = () => import('./operators.js');

/** The help's choices, here so that declaring the command loads none of the module; tsc holds them to the module's. */
const OUTCOMES = ['NEEDS_ADDITIONAL_INFORMATION', 'REJECTED', 'RETURNED'] as const satisfies readonly WithdrawalOutcome[];
const REASONS = ['ACCOUNT_CLOSED', 'INVALID_ACCOUNT', 'NAME_MISMATCH', 'REFUSED_BY_BENEFICIARY_BANK', 'OTHER'] as const satisfies readonly ReturnReason[];

export default areaCommands({
  additions: {
    sandbox(sandbox, { onDb }) {
      sandbox
        .command('fiat-withdrawal-outcome')
        .description(
          'sandbox mode: the outcome of fiat withdrawals submitted from now on to a bank account with this identifier (IBAN, or routing:account; --clear removes it); prints the entry by its fingerprint',
        )
        .requiredOption('--account-identifier <x>', 'the bank identifier, normalised as bank accounts are (upper case, spaces removed)')
        .addOption(new Option('--outcome <outcome>', 'NEEDS_ADDITIONAL_INFORMATION, REJECTED or RETURNED').choices(OUTCOMES))
        .option('--keys <keys>', 'NEEDS_ADDITIONAL_INFORMATION: the keys asked, comma-separated (default PAYMENT_PURPOSE_DETAIL)')
        .addOption(new Option('--return-reason <reason>', 'RETURNED: the return reason (default ACCOUNT_CLOSED)').choices(REASONS))
        .option('--clear', 'remove the entry; prints {removed}')
        .addHelpText('after', example('sandbox fiat-withdrawal-outcome --account-identifier DE89370400440532013000 --outcome RETURNED --return-reason NAME_MISMATCH'))
        .action(
          onDb(async ({ db, box }, o) => {
            const clear = o.clear === true;
            if (clear === (o.outcome !== undefined)) throw new OperatorError('give exactly one of --outcome and --clear');
            const keys = opt(o, 'keys');
            if (keys !== undefined && o.outcome !== 'NEEDS_ADDITIONAL_INFORMATION') throw new OperatorError('--keys goes with --outcome NEEDS_ADDITIONAL_INFORMATION');
            const returnReason = opt(o, 'returnReason');
            if (returnReason !== undefined && o.outcome !== 'RETURNED') throw new OperatorError('--return-reason goes with --outcome RETURNED');
            return (await ops()).sandboxFiatWithdrawalOutcome(db, box, str(o, 'accountIdentifier'), {
              outcome: opt(o, 'outcome') as WithdrawalOutcome | undefined,
              keys: keys?.split(',') as InformationKey[] | undefined,
              returnReason: returnReason as ReturnReason | undefined,
              clear,
            });
          }),
        );
      sandbox
        .command('fiat-return')
        .description(
          'sandbox mode: the beneficiary bank returns a fiat withdrawal SENT_TO_BANK, or COMPLETED within FIAT_RETURN_WINDOW_DAYS: RETURNED, amount and fee credited back; prints the withdrawal',
        )
        .requiredOption('--fiat-withdrawal-id <id>', 'the fiat withdrawal')
        .addOption(new Option('--reason <reason>', 'the return reason (default ACCOUNT_CLOSED)').choices(REASONS))
        .addHelpText('after', example('sandbox fiat-return --fiat-withdrawal-id 8d9e0f1a-2b3c-4d5e-8f60-718293a4b5c6 --reason ACCOUNT_CLOSED'))
        .action(onDb(async ({ db, env }, o) => (await ops()).sandboxFiatReturn(db, env, str(o, 'fiatWithdrawalId'), opt(o, 'reason') as ReturnReason | undefined)));
    },
  },
});
