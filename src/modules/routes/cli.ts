// §8, §10.7 partnerctl's commands on the lists routes keep: the deny list screening consults and the
// sandbox failures of the simulated rail (the `sandbox` group is this area's; others add to it). The
// `route` commands are the platform's (src/cli/commands.ts): a route joining the EVM rail (§18 C1) needs
// that module, which imports this one. Declared here, run by operators.ts, loaded when a command runs.
import { areaCommands, example, str } from '../../core/command.js';

const ops = () => import('./operators.js');

export default areaCommands({
  groups: {
    screening: {
      description: 'the deny list screening consults',
      commands(screening, { onDb }) {
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
      },
    },
    sandbox: {
      description: 'sandbox controls of the simulated transfer rail',
      commands(sandbox, { onDb }) {
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
      },
    },
  },
});
