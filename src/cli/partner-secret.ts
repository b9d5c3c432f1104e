// The partner's secret, for partnerctl sign and the examples: one name everywhere, PARTNER_SECRET.
// SECRET, the name the examples read before, is still taken when PARTNER_SECRET is unset, with a notice
// to rename it, so a shell set up from older instructions keeps working.
export const OLD_NAME_NOTICE = 'read SECRET as the partner secret: rename it PARTNER_SECRET (SECRET is the old name)';

export function partnerSecretOf(env: NodeJS.ProcessEnv, notice: (text: string) => void): string | undefined {
  if (env.PARTNER_SECRET) return env.PARTNER_SECRET;
  if (!env.SECRET) return undefined;
  notice(OLD_NAME_NOTICE);
  return env.SECRET;
}

/** What to say when neither is set. */
export const MISSING_SECRET = 'set PARTNER_SECRET: the secret npm start printed, or a fresh one from `npx partnerctl demo-secret`';
