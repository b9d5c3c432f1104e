// §17.3 partnerctl's frontend commands: the web origins of a client's frontend sessions, in the `client`
// group. Declared here, run by operators.ts, loaded when a command runs (src/core/command.ts).
import { areaCommands, example, str } from '../../core/command.js';

const ops = () => import('./operators.js');

export default areaCommands({
  additions: {
    client(client, { onDb }) {
      const origin = client.command('origin').description("the web origins the client's frontend sessions may name (§17.3): add, remove, list");
      origin
        .command('add')
        .description('register an origin (scheme://host[:port]; https, or http://localhost|127.0.0.1 outside production), at most 20 per client; prints {clientId, origins}')
        .requiredOption('--client-id <id>', 'the client')
        .requiredOption('--origin <origin>', 'the origin, e.g. https://app.acme.example')
        .addHelpText('after', example('client origin add --client-id acme --origin https://app.acme.example'))
        .action(onDb(async ({ db, production }, o) => (await ops()).addClientOrigin(db, str(o, 'clientId'), str(o, 'origin'), production)));
      origin
        .command('remove')
        .description("remove an origin and revoke the client's frontend sessions bound to it; prints {clientId, origins, revokedSessions}")
        .requiredOption('--client-id <id>', 'the client')
        .requiredOption('--origin <origin>', 'the origin')
        .addHelpText('after', example('client origin remove --client-id acme --origin https://app.acme.example'))
        .action(onDb(async ({ db, production }, o) => (await ops()).removeClientOrigin(db, str(o, 'clientId'), str(o, 'origin'), production)));
      origin
        .command('list')
        .description("the client's origins; prints {clientId, origins}")
        .requiredOption('--client-id <id>', 'the client')
        .addHelpText('after', example('client origin list --client-id acme'))
        .action(onDb(async ({ db }, o) => (await ops()).clientOrigins(db, str(o, 'clientId'))));
    },
  },
});
