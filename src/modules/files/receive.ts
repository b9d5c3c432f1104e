// §12.2 the upload's bytes as they arrive: hashed (check 7) and sealed (check 9's storage) chunk by chunk,
// keeping only the leading bytes check 6 reads. The process never holds the plaintext whole: a 10 MiB
// upload costs its sealed text once, not the received chunks, their concatenation, the ciphertext and
// its encoding side by side.
import { createHash, type Hash } from 'node:crypto';
import type { SecretBox } from '../../core/secret-box.js';
import { FILE_SIGNATURES } from './rules.js';

/** What check 6 reads of the bytes: the longest type signature. */
const HEAD_BYTES = Math.max(...Object.values(FILE_SIGNATURES).map((b) => b.length));

/** An upload's body, received: its length, SHA-256 (lower-case hex), leading bytes, and sealed form. */
export type ReceivedUpload = { size: number; sha256: string; head: Buffer; sealed: string };

export class UploadReceiver {
  private readonly hash: Hash = createHash('sha256');
  private readonly seal: ReturnType<SecretBox['sealBytesStream']>;
  private head = Buffer.alloc(0);
  private size = 0;

  /** `fileId`: the path's id as the upload looks it up (the sealed bytes' associated data). */
  constructor(secretBox: SecretBox, fileId: string) {
    this.seal = secretBox.sealBytesStream(fileId);
  }

  write(chunk: Buffer): void {
    this.size += chunk.length;
    if (this.head.length < HEAD_BYTES) this.head = Buffer.concat([this.head, chunk.subarray(0, HEAD_BYTES - this.head.length)]);
    this.hash.update(chunk);
    this.seal.update(chunk);
  }

  end(): ReceivedUpload {
    return { size: this.size, sha256: this.hash.digest('hex'), head: this.head, sealed: this.seal.final() };
  }
}

/** A body that arrived whole (a call that did not come through the server's reader). */
export function receiveWhole(secretBox: SecretBox, fileId: string, body: Buffer): ReceivedUpload {
  const receiver = new UploadReceiver(secretBox, fileId);
  receiver.write(body);
  return receiver.end();
}
