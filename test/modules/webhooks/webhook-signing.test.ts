// §11.6 Standard Webhooks signatures: the specification's vector, and several secrets in one header.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { sign, signatureHeader, webhookHeaders } from '../../../src/modules/webhooks/signing.js';
import { newWebhookSecret } from '../../helpers/receivers.js';

type Vector = { secret: string; webhookId: string; webhookTimestamp: string; body: string; webhookSignature: string };
const { vectors } = JSON.parse(fs.readFileSync(new URL('../../vectors/webhook-signature.json', import.meta.url), 'utf8')) as { vectors: Vector[] };

describe('webhook signatures (§11.6)', () => {
  it.each(vectors)('the vector $webhookId signs as the specification says', (v) => {
    expect(sign(v.secret, v.webhookId, v.webhookTimestamp, v.body)).toBe(v.webhookSignature);
    expect(signatureHeader([v.secret], v.webhookId, Number(v.webhookTimestamp), v.body)).toBe(v.webhookSignature);
  });

  it('one signature per secret, newest first, one space between; a receiver with either secret accepts it', () => {
    const [newest, older] = [newWebhookSecret(), newWebhookSecret()];
    const at = new Date();
    const body = '{"eventId":"e"}';
    const headers = webhookHeaders([newest, older], 'evt-1', at, body);
    expect(headers).toEqual({
      'content-type': 'application/json',
      'webhook-id': 'evt-1',
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': `${sign(newest, 'evt-1', headers['webhook-timestamp']!, body)} ${sign(older, 'evt-1', headers['webhook-timestamp']!, body)}`,
    });
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=* v1,[A-Za-z0-9+/]+=*$/);
    for (const s of [newest, older]) expect(new Webhook(s).verify(body, headers)).toEqual({ eventId: 'e' });
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
    // The same bytes signed: a body changed by one byte fails.
    expect(() => new Webhook(newest).verify(`${body} `, headers)).toThrow();
  });
});
