// §14.4 partnerctl's fiat account commands: suspend and reactivate, the `account` subgroup added to the
// fiat rails' `fiat` group (§14.1). Declared here, run by operators.ts, loaded when a command runs
// (src/core/command.ts).
import { areaCommands, example, str, type MountCommands } from '../../core/command.js';

const ops = () => import('./operators.js');

const mountAccountCommands: MountCommands = (fiat, { onDb }) => {
  const account = fiat.command('account').description('fiat accounts: suspension');
  for (const [name, suspended] of [['suspend', true], ['reactivate', false]] as const)
    account
      .command(name)
      .description(
        suspended
          ? 'suspend a fiat account: its deposits are returned and its currency\'s withdrawals refused (FIAT_ACCOUNT_NOT_ACTIVE); prints the account'
          : 'reactivate a SUSPENDED fiat account; prints the account',
      )
      .requiredOption('--fiat-account-id <id>', 'the fiat account')
      .addHelpText('after', example(`fiat account ${name} --fiat-account-id 6c1f2a3b-4d5e-4f60-8a71-92b3c4d5e6f7`))
      .action(onDb(async ({ db }, o) => (await ops()).suspendFiatAccount(db, str(o, 'fiatAccountId'), suspended)));
};

export default areaCommands({ additions: { fiat: mountAccountCommands } });
