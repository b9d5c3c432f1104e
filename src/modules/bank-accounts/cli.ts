// §14.5, §14.8, §16.6 partnerctl's bank account commands: disable / enable an account (its group), and the
// bank deny list (added to the `screening` group). Declared here, run by operators.ts, loaded when a
// command runs (src/core/command.ts).
import { areaCommands, example, str } from '../../core/command.js';

const ops = () => import('./operators.js');

export default areaCommands({
  groups: {
    'bank-account': {
      description: "customers' bank accounts: disable and enable",
      commands(bankAccount, { onDb }) {
        for (const [name, enabled] of [['disable', false], ['enable', true]] as const)
          bankAccount
            .command(name)
            .description(
              enabled
                ? 'enable a DISABLED bank account (refused with DUPLICATE_BANK_ACCOUNT while another ACTIVE account of the customer has its fingerprint); prints the account'
                : 'disable a bank account: fiat quotes, drafts and submissions to it answer BANK_ACCOUNT_NOT_ACTIVE; prints the account',
            )
            .requiredOption('--bank-account-id <id>', 'the bank account')
            .addHelpText('after', example(`bank-account ${name} --bank-account-id 3f2b8c1e-6a4d-4e7b-9c05-1d2e3f4a5b6c`))
            .action(onDb(async ({ db }, o) => (await ops()).setBankAccountEnabled(db, str(o, 'bankAccountId'), enabled)));
      },
    },
  },
  additions: {
    screening(screening, { onDb }) {
      screening
        .command('deny-bank')
        .description('deny-list a bank account identifier (an IBAN, or routing:account): fiat deposits from it are returned; prints {added}')
        .requiredOption('--account-identifier <x>', 'the identifier; upper case, spaces removed before it is kept (as its fingerprint)')
        .addHelpText('after', example('screening deny-bank --account-identifier "DE89 3704 0044 0532 0130 00"'))
        .action(onDb(async ({ db, box }, o) => (await ops()).denyBank(db, box, str(o, 'accountIdentifier'))));
      screening
        .command('allow-bank')
        .description('remove a bank account identifier from the deny list; prints {removed}')
        .requiredOption('--account-identifier <x>', 'the identifier, normalised as for deny-bank')
        .addHelpText('after', example('screening allow-bank --account-identifier DE89370400440532013000'))
        .action(onDb(async ({ db, box }, o) => (await ops()).allowBank(db, box, str(o, 'accountIdentifier'))));
    },
  },
});
