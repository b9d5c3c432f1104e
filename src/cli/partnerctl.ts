// §8, §10.2, §10.7, §11.8 partnerctl: operator commands on the same DATABASE_URL as the server (SQLite or
// PostgreSQL), printing JSON, plus request helpers for curl users. A running server reads routes, the
// deny list and the sandbox failure list per request, and a client's secrets and limit at most
// CREDENTIAL_CACHE_MS old, so changes apply within the 5 s §8 allows. Exit codes (§11.8): 0 done (help
// included); 1 a refusal, `{"code", "detail"}` on stderr; 2 a usage error, `{"error"}` on stderr.
import { runPartnerctl } from './run.js';

process.exitCode = await runPartnerctl(process.argv.slice(2), process.env, {
  out: (s) => process.stdout.write(s),
  err: (s) => process.stderr.write(s),
});
