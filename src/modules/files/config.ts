// The files' configuration keys: uploads (§12.2; docs/deployment.md "Configuration").
import { areaConfig, integer } from '../../config/keys.js';

export default areaConfig({
  fileMaxBytes: integer('FILE_MAX_BYTES', {
    default: 10_485_760,
    min: 1024,
    max: 52_428_800,
    docs: "the largest customer file (§12.2): `sizeBytes` and the upload PUT's body limit",
  }),
  uploadMinBytesPerSecond: integer('UPLOAD_MIN_BYTES_PER_SECOND', {
    default: 65_536,
    min: 1024,
    max: 1_073_741_824,
    docs: 'the slowest rate an upload is waited for: its time is `BODY_TIMEOUT_MS` + `Content-Length` / this (10 MiB: 190 s)',
  }),
  uploadConcurrencyPerClient: integer('UPLOAD_CONCURRENCY_PER_CLIENT', {
    default: 16,
    min: 1,
    max: 1000,
    docs: 'file uploads a partner client may have in flight per process; one more is 429 `RATE_LIMITED` with `Retry-After: 1` before its body is read',
  }),
  fileUploadWindowSeconds: integer('FILE_UPLOAD_WINDOW_SECONDS', {
    default: 3600,
    min: 1,
    max: 86_400,
    docs: 'how long a file waits for its bytes (PENDING_UPLOAD) before it EXPIRES (§12.2)',
  }),
});
