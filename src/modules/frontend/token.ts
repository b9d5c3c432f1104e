// §17.1 F2: 32 random bytes, base64url without padding, prefixed `pfs_` (47 characters); only the SHA-256
// of a token is stored, so a database read gives no usable credential.
import { createHash, randomBytes } from 'node:crypto';

export const TOKEN_PREFIX = 'pfs_';
const TOKEN_FORMAT = /^pfs_[A-Za-z0-9_-]{43}$/;

export const newSessionToken = (): string => `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;

/** Lower-case hex SHA-256 of the token, as stored. */
export const sessionTokenHash = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** Whether a presented token has the form of one; anything else is refused without a lookup. */
export const isSessionTokenForm = (token: string): boolean => TOKEN_FORMAT.test(token);
