// GET /graphiql (development): GraphiQL served from the installed npm packages (graphiql, react,
// react-dom UMD builds), so the explorer works offline and loads nothing from a CDN. It talks to
// /dev/graphql, the development signing proxy (§8), which signs as the demo client.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { HttpReply } from '../types.js';
import type { Page } from './page.js';

const require = createRequire(import.meta.url);
const dirOf = (pkg: string) => path.dirname(require.resolve(`${pkg}/package.json`));

const ASSETS: Record<string, { file: string; type: string }> = {
  'react.production.min.js': { file: path.join(dirOf('react'), 'umd', 'react.production.min.js'), type: 'text/javascript' },
  'react-dom.production.min.js': { file: path.join(dirOf('react-dom'), 'umd', 'react-dom.production.min.js'), type: 'text/javascript' },
  'graphiql.min.js': { file: path.join(dirOf('graphiql'), 'graphiql.min.js'), type: 'text/javascript' },
  'graphiql.min.css': { file: path.join(dirOf('graphiql'), 'graphiql.min.css'), type: 'text/css' },
};

const DEFAULT_QUERY = `# GraphiQL, signed as the demo partner by the development proxy (/dev/graphql).
# Run with Ctrl-Enter; the Docs button shows the schema. Mutations get an Idempotency-Key.
{
  events(first: 5) {
    items { type resourceType resourceId createdAt }
    pageInfo { hasNextPage endCursor }
  }
}
`;

// `?query=` opens with that document (links from the docs); else the default above.
const START = `(function () {
  var params = new URLSearchParams(location.search);
  var fetcher = GraphiQL.createFetcher({ url: '/dev/graphql' });
  var props = { fetcher: fetcher, defaultQuery: ${JSON.stringify(DEFAULT_QUERY)}, defaultEditorToolsVisibility: true };
  if (params.get('query')) props.query = params.get('query');
  ReactDOM.createRoot(document.getElementById('graphiql')).render(React.createElement(GraphiQL, props));
})();
`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>GraphiQL · partner API (development)</title>
<link rel="stylesheet" href="/graphiql/assets/graphiql.min.css">
<style>body { margin: 0; } #graphiql { height: 100vh; }</style>
</head>
<body>
<div id="graphiql">Loading GraphiQL…</div>
<script src="/graphiql/assets/react.production.min.js"></script>
<script src="/graphiql/assets/react-dom.production.min.js"></script>
<script src="/graphiql/assets/graphiql.min.js"></script>
<script src="/graphiql/assets/start.js"></script>
</body>
</html>
`;

// Only this origin: a CDN or analytics request could not load even if something asked for one.
const CSP = "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'";

export function graphiqlPages(): Page[] {
  const cache = new Map<string, string>();
  const asset = (name: string): string | undefined => {
    if (name === 'start.js') return START;
    const a = ASSETS[name];
    if (!a) return undefined;
    if (!cache.has(name)) cache.set(name, fs.readFileSync(a.file, 'utf8'));
    return cache.get(name);
  };
  return [
    {
      path: '/graphiql',
      developmentOnly: true,
      answer: () => ({ status: 200, headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': CSP, 'cache-control': 'no-cache' }, body: PAGE }),
    },
    {
      path: '/graphiql/assets/',
      developmentOnly: true,
      answer: (_call, pathname): HttpReply => {
        const name = pathname.slice('/graphiql/assets/'.length);
        const body = asset(name);
        if (body === undefined) return { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: 'Not found' };
        const type = name === 'start.js' ? 'text/javascript' : ASSETS[name]!.type;
        return { status: 200, headers: { 'content-type': `${type}; charset=utf-8`, 'cache-control': 'public, max-age=86400' }, body };
      },
    },
  ];
}

/**
 * Apollo Sandbox (the landing page) loads from Apollo's CDN and is blank without it: its page names the
 * local explorer above the sandbox.
 */
export function withGraphiqlLink(reply: HttpReply): HttpReply {
  if (!(reply.headers['content-type'] ?? '').startsWith('text/html')) return reply;
  const hint =
    '<p id="offline-hint">Apollo Sandbox loads from Apollo’s CDN. Offline, or prefer an explorer served by this server: <a href="/graphiql">GraphiQL</a>. Both sign as the demo partner through /dev/graphql.</p>';
  return { ...reply, body: reply.body.replace('<div id="embeddableSandbox"></div>', `${hint}<div id="embeddableSandbox"></div>`) };
}
