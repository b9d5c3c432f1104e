// One HTTP exchange, independent of node:http, so the dev proxy can re-enter the normal path.
import type { ReceivedUpload } from '../modules/files/index.js';

export type HttpCall = {
  method: string;
  /** Path and query exactly as sent (what §2 signs). */
  url: string;
  /** Lower-case names. */
  headers: Record<string, string | undefined>;
  body: Buffer;
  /** SHA-256 of the body (lower-case hex), when the server hashed it as it arrived; else hashed from `body`. */
  bodySha256?: string;
  /**
   * The file upload's body (§12.2), hashed and sealed as it arrived (src/modules/files/receive.ts); its
   * `body` is then empty, since the plaintext was never kept whole.
   */
  upload?: ReceivedUpload;
  /** The peer's address, for limits on unauthenticated floods. */
  remoteAddress?: string;
};

export type HttpReply = {
  status: number;
  headers: Record<string, string>;
  body: string;
  /**
   * A long-lived body instead of `body` (§17.4 the event stream): the server sends the head at once, with
   * no Content-Length, then hands the stream its side of the connection.
   */
  stream?: ReplyStream;
};

export interface ReplyStream {
  /** The head is sent; the body is the stream's to write until it ends it or the connection closes. */
  start(out: StreamOut): void;
  /** The reply will never be sent (another answer replaced it, or its connection closed first). */
  cancel(): void;
}

/** The body of a streamed reply, as the server hands it over. */
export interface StreamOut {
  /** False when the connection's buffer is full; `onDrain` listeners hear when it has room again. */
  write(chunk: string): boolean;
  /** Ends the body; resolves once it is sent or the connection is gone. */
  end(): Promise<void>;
  onDrain(listener: () => void): void;
  /** The body ended or the connection closed, whichever first; once. */
  onClose(listener: () => void): void;
}
