// The SSE parser of the frontend stream (§17.4, src/client/sse.ts) against a model of the HTML standard's
// event stream interpretation: whatever the line endings (LF, CRLF, CR), the space after the colon, the
// comments and the unicode, and wherever the network cuts the bytes (inside a UTF-8 sequence or a CRLF
// included), the same messages come out.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SseParser, type SseMessage } from '../../../src/client/sse.js';

type Field = { name: 'id' | 'event' | 'data' | 'retry' | 'comment' | 'unknown'; value: string };
type Block = Field[];
/** How each line is written: its ending, and for a field whether a space follows the colon. */
type Style = { ending: '\n' | '\r\n' | '\r'; space: boolean; bare: boolean };

const noBreak = (s: string) => !/[\r\n]/.test(s);
const text = fc.string({ unit: fc.oneof(fc.constantFrom(':', ' ', 'é', '€', '😀', 'a', '\t'), fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })), maxLength: 12 }).filter(noBreak);
const field: fc.Arbitrary<Field> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ name: fc.constant('data' as const), value: text }) },
  { weight: 2, arbitrary: fc.record({ name: fc.constant('id' as const), value: text }) },
  { weight: 2, arbitrary: fc.record({ name: fc.constant('event' as const), value: text }) },
  { weight: 1, arbitrary: fc.record({ name: fc.constant('comment' as const), value: text }) },
  { weight: 1, arbitrary: fc.record({ name: fc.constant('retry' as const), value: fc.oneof(fc.nat({ max: 99999 }).map(String), text) }) },
  { weight: 1, arbitrary: fc.record({ name: fc.constant('unknown' as const), value: text }) },
);
const blocks = fc.array(fc.array(field, { maxLength: 6 }), { maxLength: 8 });
const style: fc.Arbitrary<Style> = fc.record({ ending: fc.constantFrom('\n' as const, '\r\n' as const, '\r' as const), space: fc.boolean(), bare: fc.boolean() });

/** The stream's text: every block's lines, then a blank line closing it (the last one only if `closed`). */
function serialise(bs: Block[], styles: Style[], closed = true): string {
  let out = '';
  let i = 0;
  let previous: Style['ending'] | undefined;
  const line = (content: string) => {
    let { ending } = styles[i++ % styles.length]!;
    // A blank line ended by LF right after a CR would read as one CRLF: the standard's own ambiguity.
    if (content === '' && previous === '\r' && ending === '\n') ending = '\r\n';
    out += content + ending;
    previous = ending;
  };
  bs.forEach((block, n) => {
    for (const f of block) {
      const s = styles[i % styles.length]!;
      if (f.name === 'comment') line(`:${f.value}`);
      else {
        const name = f.name === 'unknown' ? 'x-field' : f.name;
        // No colon at all means an empty value; without the space, a value must not start with one.
        if (f.value === '' && s.bare) line(name);
        else line(`${name}:${s.space || f.value.startsWith(' ') ? ' ' : ''}${f.value}`);
      }
    }
    if (closed || n < bs.length - 1) line('');
  });
  return out;
}

/** What the standard dispatches for those blocks. */
function model(bs: Block[], closed = true): { messages: SseMessage[]; comments: string[]; retries: number[]; lastEventId: string } {
  const messages: SseMessage[] = [];
  const comments: string[] = [];
  const retries: number[] = [];
  let id = '';
  bs.forEach((block, n) => {
    const data: string[] = [];
    let type = '';
    let blockId = id;
    for (const f of block) {
      if (f.name === 'data') data.push(f.value);
      if (f.name === 'event') type = f.value;
      if (f.name === 'id' && !f.value.includes('\0')) blockId = f.value;
      if (f.name === 'retry' && /^[0-9]+$/.test(f.value)) retries.push(Number(f.value));
      if (f.name === 'comment') comments.push(f.value.startsWith(' ') ? f.value.slice(1) : f.value);
    }
    if (!closed && n === bs.length - 1) {
      // An unclosed last block dispatches nothing, and its id never becomes the stream's.
      return;
    }
    id = blockId;
    if (data.length > 0) messages.push({ type: type === '' ? 'message' : type, data: data.join('\n'), lastEventId: id });
  });
  return { messages, comments, retries, lastEventId: id };
}

function parse(bytes: Uint8Array, cuts: number[]) {
  const messages: SseMessage[] = [];
  const comments: string[] = [];
  const retries: number[] = [];
  const parser = new SseParser({ message: (m) => messages.push(m), comment: (c) => comments.push(c), retry: (ms) => retries.push(ms) });
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  let from = 0;
  for (const p of [...points, bytes.length]) {
    parser.push(bytes.subarray(from, p));
    from = p;
  }
  parser.end();
  return { messages, comments, retries, lastEventId: parser.lastEventId };
}

const encode = (s: string) => new TextEncoder().encode(s);

describe('SseParser', () => {
  it('gives the standard’s messages wherever the byte stream is cut', () => {
    fc.assert(
      fc.property(blocks, fc.array(style, { minLength: 1, maxLength: 5 }), fc.array(fc.nat(), { maxLength: 12 }), fc.boolean(), (bs, styles, cuts, bom) => {
        const bytes = encode((bom ? '\uFEFF' : '') + serialise(bs, styles));
        const whole = parse(bytes, []);
        expect(whole).toEqual(model(bs));
        expect(parse(bytes, cuts)).toEqual(whole);
        // One byte at a time: every cut at once.
        expect(parse(bytes, [...bytes.keys()])).toEqual(whole);
      }),
      { numRuns: 400 },
    );
  });

  it('discards an event the stream ends in the middle of', () => {
    fc.assert(
      fc.property(blocks.filter((bs) => bs.length > 0), fc.array(style, { minLength: 1, maxLength: 5 }), fc.array(fc.nat(), { maxLength: 8 }), (bs, styles, cuts) => {
        const bytes = encode(serialise(bs, styles, false));
        expect(parse(bytes, cuts).messages).toEqual(model(bs, false).messages);
      }),
      { numRuns: 200 },
    );
  });

  it('reads the §17.4 stream: ids, types, one-line JSON data, keep-alives and the final session_ended', () => {
    const stream = [
      ': keep-alive',
      '',
      'id: c1',
      'event: crypto_deposit.detected',
      'data: {"type":"crypto_deposit.detected"}',
      '',
      'id:c2',
      'event:transaction.posted',
      'data:{"a":1}',
      'data:{"b":2}',
      '',
      'event: session_ended',
      'data: {"reason": "revoked"}',
      '',
      '',
    ].join('\r\n');
    const out = parse(encode(stream), []);
    expect(out.comments).toEqual(['keep-alive']);
    expect(out.messages).toEqual([
      { type: 'crypto_deposit.detected', data: '{"type":"crypto_deposit.detected"}', lastEventId: 'c1' },
      { type: 'transaction.posted', data: '{"a":1}\n{"b":2}', lastEventId: 'c2' },
      // No id of its own: it carries the last one.
      { type: 'session_ended', data: '{"reason": "revoked"}', lastEventId: 'c2' },
    ]);
  });

  it('starts from a resumed id, which an id-only block moves on', () => {
    const messages: SseMessage[] = [];
    const parser = new SseParser({ message: (m) => messages.push(m) }, 'c7');
    parser.push(encode('data: x\n\nid: c8\n\n'));
    expect(messages).toEqual([{ type: 'message', data: 'x', lastEventId: 'c7' }]);
    expect(parser.lastEventId).toBe('c8');
    // An id with NUL is ignored; an empty id clears it.
    parser.push(encode('id: a\0b\n\nid\ndata: y\n\n'));
    expect(messages.at(-1)).toEqual({ type: 'message', data: 'y', lastEventId: '' });
  });
});
