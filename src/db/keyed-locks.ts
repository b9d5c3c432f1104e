// Keyed locks on PostgreSQL (RunOptions.exclusive): a job that changes what other transactions read
// under a key holds the key exclusively from before its transaction begins until after its commit;
// the readers hold it shared until their own commit. Advisory locks of two int4 keys live apart from
// the one-int8-key locks used elsewhere (the feed, migrations, serial retries); the key is hashed into
// the second, so two keys that collide only wait for each other more than they need to.

export const KEYED_LOCK_SPACE = 7_420_010;

/** The statement's text for a session lock (pg-engine), `$1` the key. */
export const EXCLUSIVE_SESSION_LOCK = `select pg_advisory_lock(${KEYED_LOCK_SPACE}, hashtext($1))`;
export const EXCLUSIVE_SESSION_UNLOCK = `select pg_advisory_unlock(${KEYED_LOCK_SPACE}, hashtext($1))`;

/** An expression taking the key shared until the transaction ends, the key its parameter `placeholder` (`$1`). */
export const sharedKeyLockCall = (placeholder: string) => `pg_advisory_xact_lock_shared(${KEYED_LOCK_SPACE}, hashtext(${placeholder}))`;
