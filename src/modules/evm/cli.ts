// §18.4 partnerctl's EVM rail commands (status, resume, rescan). Declared here, run by operators.ts, loaded when a command runs (src/core/command.ts).
import { areaCommands, example, str } from '../../core/command.js';

const ops = () => import('./operators.js');

export default areaCommands({
  groups: {
    rail: {
      description: 'the EVM rail (§18): status, resume, rescan',
      commands(rail, { onDb }) {
        rail
          .command('status')
          .description('the chain, the hot wallet (nonces, balances), what is in flight and waiting, the halt and a scheduled rescan; prints the status')
          .addHelpText('after', example('rail status'))
          .action(onDb(async ({ db, env }) => (await ops()).railStatusCommand(db, env)));
        rail
          .command('resume')
          .description('lift a halt once its cause is over (FOREIGN_TRANSACTION: its transactions final; FINALITY_LOST: the final blocks canonical again, or --accept-reorg); prints the status')
          .option('--accept-reorg', 'FINALITY_LOST: lift it although a final block left the chain (recorded in the audit trail under client "operator")')
          .addHelpText('after', example('rail resume', 'rail resume --accept-reorg'))
          .action(onDb(async ({ db, env }, o) => (await ops()).railResumeCommand(db, env, o.acceptReorg === true)));
        rail
          .command('rescan')
          .description('read the chain again from a block (0 ≤ N ≤ head; refused while halted); the running server carries it out; prints {fromBlock, scheduled}')
          .requiredOption('--from-block <n>', 'the first block to read again')
          .addHelpText('after', example('rail rescan --from-block 19000000'))
          .action(onDb(async ({ db, env }, o) => (await ops()).railRescanCommand(db, env, str(o, 'fromBlock'))));
      },
    },
  },
});
