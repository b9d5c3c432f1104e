// §16.5 the collections' configuration: defaults, ranges, and a bad value stopping the start.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.js';

describe('§16.5 COLLECTION_WALLET_MAX_TTL_DAYS, COLLECTION_CONFIRMATION_TIMEOUT_SECONDS', () => {
  it('defaults 365 days and 86400 s; values in range taken', () => {
    expect(loadConfig({})).toMatchObject({ collectionWalletMaxTtlDays: 365, collectionConfirmationTimeoutSeconds: 86400 });
    expect(loadConfig({ COLLECTION_WALLET_MAX_TTL_DAYS: '3650', COLLECTION_CONFIRMATION_TIMEOUT_SECONDS: '1' })).toMatchObject({
      collectionWalletMaxTtlDays: 3650,
      collectionConfirmationTimeoutSeconds: 1,
    });
  });

  it.each([
    ['COLLECTION_WALLET_MAX_TTL_DAYS', '0'],
    ['COLLECTION_WALLET_MAX_TTL_DAYS', '3651'],
    ['COLLECTION_CONFIRMATION_TIMEOUT_SECONDS', '2592001'],
    ['COLLECTION_CONFIRMATION_TIMEOUT_SECONDS', '1.5'],
  ])('%s=%s stops the start, naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });
});
