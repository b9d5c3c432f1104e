// §12.3–§12.5, §16.9 partnerctl's customer commands: suspension, verification decisions, the evidence kept,
// and the sandbox's verification outcome (in the `sandbox` group). Declared here, run by operators.ts,
// loaded when a command runs (src/core/command.ts).
import { Option } from 'commander';
import { areaCommands, example, OperatorError, opt, str } from '../../core/command.js';
import type { VerificationOutcome } from './rules.js';

const ops = () => import('./operators.js');

/** §12.3 the help's choices, here so that declaring the commands loads none of the module; tsc holds it to rules.ts's. */
const VERIFICATION_OUTCOMES = ['VERIFIED', 'REJECTED'] as const satisfies readonly VerificationOutcome[];
const everyOutcome: [VerificationOutcome] extends [(typeof VERIFICATION_OUTCOMES)[number]] ? true : false = true;
void everyOutcome;

export default areaCommands({
  groups: {
    customer: {
      description: 'customers: suspension, verification decisions and the evidence kept',
      commands(customer, { onDb }) {
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
            .action(onDb(async ({ db }, o) => (await ops()).suspendCustomer(db, str(o, 'customerId'), suspended)));
        customer
          .command('verification-decide')
          .description("set the customer's verification outcome at once, in any state, ending a pending review; prints the customer")
          .requiredOption('--customer-id <id>', 'the customer')
          .addOption(new Option('--outcome <outcome>', 'VERIFIED or REJECTED').choices(VERIFICATION_OUTCOMES).makeOptionMandatory())
          .option('--info <text>', 'verificationStatusInfo of a REJECTED outcome, 1–200 characters (default "Rejected by review")')
          .addHelpText('after', example('customer verification-decide --customer-id 3f2b8c1e-6a4d-4e7b-9c05-1d2e3f4a5b6c --outcome REJECTED --info "Document expired"'))
          .action(onDb(async ({ db }, o) => (await ops()).verificationDecide(db, str(o, 'customerId'), str(o, 'outcome') as VerificationOutcome, opt(o, 'info'))));
        customer
          .command('evidence')
          .description(
            "the customer's verification submissions, newest first: submittedAt, outcome and decidedAt (null while the review is pending), the checks' type and result; no personal data (§16.9)",
          )
          .requiredOption('--customer-id <id>', 'the customer')
          .addHelpText('after', example('customer evidence --customer-id 3f2b8c1e-6a4d-4e7b-9c05-1d2e3f4a5b6c'))
          .action(onDb(async ({ db, box }, o) => (await ops()).customerEvidence(db, box, str(o, 'customerId'))));
      },
    },
  },
  additions: {
    sandbox(sandbox, { onDb }) {
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
            return (await ops()).sandboxVerificationOutcome(db, str(o, 'customerId'), { outcome: opt(o, 'outcome') as VerificationOutcome | undefined, info: opt(o, 'info'), clear });
          }),
        );
    },
  },
});
