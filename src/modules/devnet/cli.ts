// §18.4, C14 partnerctl's devnet commands (pay, mine). Declared here, run by operators.ts, loaded when a
// command runs (src/core/command.ts).
import { areaCommands, example, opt, str, type Opts } from '../../core/command.js';

const ops = () => import('./operators.js');

export default areaCommands({
  groups: {
    // C14: partnerctl's own EVM_DEVNET and EVM_DEVNET_PORT.
    devnet: {
      description: 'the development devnet the server runs with EVM_DEVNET=true (partnerctl needs EVM_DEVNET=true too): pay, mine',
      commands(devnet, { env, onDb, done }) {
        devnet
          .command('pay')
          .description("send from the payer (mnemonic account 1) the route's token, or ETH on a native route, to an address, and mine one block; prints {txHash, blockNumber, from, to, amountMinor}")
          .requiredOption('--to <address>', "the destination, e.g. a customer's EVM deposit address")
          .requiredOption('--route <code>', "an EVM route code (any partner's mapping)")
          .requiredOption('--amount-minor <n>', "the amount in the route's minor units")
          .addHelpText('after', example('devnet pay --to 0x8C8d35429F74ec245F8Ef2f4Fd1e551cFF97d650 --route USDT-DEVNET --amount-minor 1000000'))
          .action(async (o: Opts) => {
            // The usage and the devnet first: no database is opened for a command that cannot run.
            const { amountMinorOf, devnetUrlOf, destinationOf, devnetPay } = await ops();
            const amountMinor = amountMinorOf(str(o, 'amountMinor'));
            const url = devnetUrlOf(env);
            const to = destinationOf(str(o, 'to'));
            await onDb(async ({ db }) => devnetPay(db, url, { to, routeCode: str(o, 'route'), amountMinor }))(o);
          });
        devnet
          .command('mine')
          .description('mine blocks on the devnet; prints {head}')
          .option('--blocks <n>', 'how many, 1–1000 (default 1)')
          .addHelpText('after', example('devnet mine --blocks 5'))
          .action(async (o: Opts) => {
            const { blocksOf, devnetMine, devnetUrlOf } = await ops();
            const blocks = blocksOf(opt(o, 'blocks'));
            done(await devnetMine(devnetUrlOf(env), blocks));
          });
      },
    },
  },
});
