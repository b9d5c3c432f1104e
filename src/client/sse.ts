// A Server-Sent Events parser as the HTML standard's "event stream interpretation" defines it, for the
// frontend stream (§17.4) read over fetch: bytes in, in chunks cut anywhere (inside a line, a CRLF or a
// UTF-8 sequence), messages out. Browser-safe: TextDecoder only.

/** One dispatched event: `type` is `event:` or "message"; `lastEventId` the last `id:` seen so far in the stream. */
export type SseMessage = { type: string; data: string; lastEventId: string };

export type SseHandlers = {
  message: (message: SseMessage) => void;
  /** A comment line (`: keep-alive`), without its colon and one leading space. */
  comment?: (text: string) => void;
  /** A valid `retry:` field: the reconnection time the server asks for, in milliseconds. */
  retry?: (ms: number) => void;
};

export class SseParser {
  // TextDecoder in streaming mode keeps a cut UTF-8 sequence for the next chunk and drops a leading BOM.
  private readonly decoder = new TextDecoder('utf-8');
  /** The text of the line not yet ended. */
  private pending = '';
  /** The last chunk ended with CR: a LF opening the next one belongs to the same line end. */
  private afterCr = false;
  private data = '';
  private type = '';
  private idBuffer: string;
  /** The stream's last event id as of the last blank line: what a reconnection sends as `Last-Event-ID`. */
  lastEventId: string;

  /** `lastEventId`: the id a resumed stream starts from, which messages carry until the stream sends an `id:`. */
  constructor(
    private readonly handlers: SseHandlers,
    lastEventId = '',
  ) {
    this.idBuffer = lastEventId;
    this.lastEventId = lastEventId;
  }

  push(chunk: Uint8Array): void {
    this.text(this.decoder.decode(chunk, { stream: true }));
  }

  /** The stream ended: an event not closed by a blank line is discarded, as the standard says. */
  end(): void {
    this.text(this.decoder.decode());
    this.pending = '';
    this.data = '';
    this.type = '';
  }

  private text(text: string): void {
    if (text === '') return;
    let start = 0;
    if (this.afterCr && text.charCodeAt(0) === 10) start = 1;
    this.afterCr = false;
    for (let i = start; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c !== 10 && c !== 13) continue;
      const line = this.pending + text.slice(start, i);
      this.pending = '';
      if (c === 13) {
        if (i + 1 === text.length) this.afterCr = true;
        else if (text.charCodeAt(i + 1) === 10) i++;
      }
      start = i + 1;
      this.line(line);
    }
    this.pending += text.slice(start);
  }

  private line(line: string): void {
    if (line === '') return this.dispatch();
    if (line.charCodeAt(0) === 58) {
      this.handlers.comment?.(line.slice(line.charCodeAt(1) === 32 ? 2 : 1));
      return;
    }
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.charCodeAt(0) === 32) value = value.slice(1);
    switch (field) {
      case 'event':
        this.type = value;
        break;
      case 'data':
        this.data += `${value}\n`;
        break;
      case 'id':
        if (!value.includes('\0')) this.idBuffer = value;
        break;
      case 'retry':
        if (/^[0-9]+$/.test(value)) this.handlers.retry?.(Number(value));
        break;
      default:
      // Any other field is ignored.
    }
  }

  private dispatch(): void {
    const data = this.data;
    const type = this.type;
    this.data = '';
    this.type = '';
    // The id counts even for a block without data lines, which dispatches nothing.
    this.lastEventId = this.idBuffer;
    if (data === '') return;
    this.handlers.message({ type: type === '' ? 'message' : type, data: data.slice(0, -1), lastEventId: this.lastEventId });
  }
}
