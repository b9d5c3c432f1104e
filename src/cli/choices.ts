// The values partnerctl's options list in their help (commander's `.choices`), here rather than imported
// from the modules that define them, so that building the program loads no module: `partnerctl --help`
// and the commands that need no database start without them. tsc holds each list to its source.
import type { DEMO_CLIENT_ID as ProxyDemoClientId } from '../http/dev-proxy.js';

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** §18 C1 a route's rail. */
export const RAILS = ['SANDBOX', 'EVM'] as const;

/** The demo client (development only, `demo-secret`), the one the service's dev proxy signs as. */
export const DEMO_CLIENT_ID = 'demo-partner';
const sameDemo: Same<typeof DEMO_CLIENT_ID, typeof ProxyDemoClientId> = true;
void sameDemo;
