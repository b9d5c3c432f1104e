// The database a process opens when DATABASE_URL is unset (§1): the server's and partnerctl's default,
// in a file that imports nothing, so partnerctl reads it without loading the rest of the configuration.
export const DEFAULT_DATABASE_URL = 'file:./data/partner.db';
