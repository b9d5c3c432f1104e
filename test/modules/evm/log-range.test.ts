// §18.3 EVM_LOG_RANGE_MAX: the catch-up range halves on a provider's range or size refusal (down to one
// block) and grows back after a run of answers; only such refusals count, not timeouts or rate limits.
import { HttpRequestError, InvalidParamsRpcError, LimitExceededRpcError, RpcRequestError, TimeoutError } from 'viem';
import { describe, expect, it } from 'vitest';
import { isRangeRefusal, LogRange } from '../../../src/modules/evm/follower/log-range.js';

const rpc = (code: number, message: string) => new RpcRequestError({ body: { method: 'eth_getLogs' }, error: { code, message }, url: 'http://node' });

describe('§18.3 the log range', () => {
  it('halves on each refusal down to 1, and doubles back after 16 answers, never above the maximum', () => {
    const r = new LogRange(1000);
    expect([r.refused(), r.refused(), r.refused()]).toEqual([500, 250, 125]);
    const one = new LogRange(3);
    expect([one.refused(), one.refused(), one.blocks]).toEqual([1, 1, 1]);
    for (let i = 0; i < 15; i++) r.answered();
    expect(r.blocks).toBe(125);
    r.answered();
    expect(r.blocks).toBe(250);
    for (let i = 0; i < 16 * 4; i++) r.answered();
    expect(r.blocks).toBe(1000);
    // A refusal resets the run of answers.
    r.refused();
    for (let i = 0; i < 15; i++) r.answered();
    r.refused();
    expect(r.blocks).toBe(250);
  });

  it('recognises providers’ range and size refusals, and nothing else', () => {
    expect(isRangeRefusal(new LimitExceededRpcError(rpc(-32005, 'query exceeds max block range 5')))).toBe(true);
    expect(isRangeRefusal(new InvalidParamsRpcError(rpc(-32602, 'eth_getLogs is limited to a 10,000 range')))).toBe(true);
    expect(isRangeRefusal(rpc(-32000, 'query returned more than 10000 results'))).toBe(true);
    expect(isRangeRefusal(rpc(-32000, 'header not found'))).toBe(false);
    expect(isRangeRefusal(rpc(-32601, 'the method eth_getLogs does not exist'))).toBe(false);
    expect(isRangeRefusal(new HttpRequestError({ url: 'http://node', status: 429, details: 'rate limited' }))).toBe(false);
    expect(isRangeRefusal(new TimeoutError({ body: {}, url: 'http://node' }))).toBe(false);
    expect(isRangeRefusal(new Error('block range too large'))).toBe(false);
  });
});
