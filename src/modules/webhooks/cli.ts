// §11.8 partnerctl's webhook commands: a client's endpoints and deliveries. Declared here, run by
// operators.ts, loaded when a command runs (src/core/command.ts).
import { areaCommands, example, opt, str } from '../../core/command.js';

const ops = () => import('./operators.js');

export default areaCommands({
  groups: {
    webhook: {
      description: "a client's webhook endpoints and deliveries",
      commands(webhook, { onDb }) {
        webhook
          .command('create')
          .description('a new ENABLED endpoint; prints {endpoint, secret}')
          .requiredOption('--client-id <id>', 'the client')
          .requiredOption('--url <url>', 'the receiver (https in production)')
          .option('--types <t1,t2>', 'event types, comma-separated (default: all)')
          .option('--description <text>', 'a note')
          .addHelpText('after', example('webhook create --client-id acme --url https://acme.example/hooks --types crypto_withdrawal.completed'))
          .action(
            onDb(async (ctx, o) => {
              const { createWebhook, typesOf, webhookSettingsOf } = await ops();
              return createWebhook(ctx.db, webhookSettingsOf(ctx), { clientId: str(o, 'clientId'), url: str(o, 'url'), types: typesOf(opt(o, 'types')), description: opt(o, 'description') });
            }),
          );
        webhook
          .command('list')
          .description("the client's endpoints")
          .requiredOption('--client-id <id>', 'the client')
          .addHelpText('after', example('webhook list --client-id acme'))
          .action(onDb(async ({ db }, o) => (await ops()).listWebhooks(db, str(o, 'clientId'))));
        webhook
          .command('disable')
          .description('stop deliveries; pending ones are cancelled')
          .requiredOption('--endpoint-id <id>', 'the endpoint')
          .addHelpText('after', example('webhook disable --endpoint-id 3f0c…'))
          .action(onDb(async ({ db }, o) => (await ops()).disableWebhook(db, str(o, 'endpointId'))));
        webhook
          .command('enable')
          .description('resume deliveries')
          .requiredOption('--endpoint-id <id>', 'the endpoint')
          .addHelpText('after', example('webhook enable --endpoint-id 3f0c…'))
          .action(
            onDb(async (ctx, o) => {
              const { enableWebhook, webhookSettingsOf } = await ops();
              return enableWebhook(ctx.db, webhookSettingsOf(ctx), str(o, 'endpointId'));
            }),
          );
        webhook
          .command('rotate-secret')
          .description('a new signing secret; the previous one keeps signing for WEBHOOK_SECRET_OVERLAP_SECONDS')
          .requiredOption('--endpoint-id <id>', 'the endpoint')
          .addHelpText('after', example('webhook rotate-secret --endpoint-id 3f0c…'))
          .action(
            onDb(async (ctx, o) => {
              const { rotateWebhookSecret, webhookSettingsOf } = await ops();
              return rotateWebhookSecret(ctx.db, webhookSettingsOf(ctx), str(o, 'endpointId'));
            }),
          );
        webhook
          .command('deliveries')
          .description("the endpoint's deliveries with their attempts")
          .requiredOption('--endpoint-id <id>', 'the endpoint')
          .option('--status <status>', 'PENDING, SUCCEEDED, FAILED or CANCELLED')
          .addHelpText('after', example('webhook deliveries --endpoint-id 3f0c… --status FAILED'))
          .action(onDb(async ({ db }, o) => (await ops()).webhookDeliveries(db, str(o, 'endpointId'), opt(o, 'status'))));
        webhook
          .command('redeliver')
          .description("one of the client's events delivered again to an ENABLED endpoint (same webhook-id); prints the new delivery")
          .requiredOption('--endpoint-id <id>', 'the endpoint')
          .requiredOption('--event-id <id>', 'the event')
          .addHelpText('after', example('webhook redeliver --endpoint-id 3f0c… --event-id 9b1e…'))
          .action(onDb(async ({ db }, o) => (await ops()).redeliverWebhook(db, str(o, 'endpointId'), str(o, 'eventId'))));
      },
    },
  },
});
