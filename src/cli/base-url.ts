// Where a local server answers, for the examples and `partnerctl sign`'s curl line: BASE when set, else
// the address `npm start` listens on from the same PORT and HOST (§1: default 127.0.0.1:4000), so a
// server moved with PORT=4001 is found by the tools run with the same environment.
export function defaultBaseUrl(env: NodeJS.ProcessEnv = process.env): string {
  if (env.BASE) return env.BASE.replace(/\/+$/, '');
  const port = env.PORT || '4000';
  const host = !env.HOST || env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}
