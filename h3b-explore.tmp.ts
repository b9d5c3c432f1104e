import { randomUUID } from 'node:crypto';
import { startTestServer } from './test/helpers/harness.js';
import { World, operationNames, recordArguments, inputRecordMembers } from './test/helpers/operation-cases.js';
const code = (r: any) => r.body?.code ?? r.body?.errors?.[0]?.extensions?.code ?? (r.body?.errors ? 'ERR' : 'ok');
const server = await startTestServer();
try {
  const A = await World.walk(server, { name: 'A' });
  const B = await World.walk(server, { name: 'B' });
  for (const op of operationNames()) {
    const a = A.caseOf(op);
    const g = await a.graphql(server, B.client);
    const r = a.rest ? await a.restRequest(server, B.client) : undefined;
    const ra = recordArguments(op);
    const uu: Record<string, unknown> = {};
    for (const k of [...ra.required, ...ra.optional]) if (a.args[k] !== undefined) uu[k] = randomUUID();
    const bu = B.caseOf(op).changed(uu);
    const gu = await bu.graphql(server, B.client);
    const ru = bu.rest ? await bu.restRequest(server, B.client) : undefined;
    const inm = inputRecordMembers(op).filter((m) => (a.args.input as any)?.[m] !== undefined);
    const subs = await Promise.all(inm.map(async (m) => { const c = B.caseOf(op).changed({ [`input.${m}`]: (a.args.input as any)[m] }); const x = await c.graphql(server, B.client); return `${m}:${x.status}/${code(x)}`; }));
    const um = a.args.input ? await B.caseOf(op).changed({ 'input.zzUnknown': 1 }).graphql(server, B.client) : undefined;
    const umr = a.args.input && a.rest ? await B.caseOf(op).changed({ 'input.zzUnknown': 1 }).restRequest(server, B.client) : undefined;
    console.log(op.padEnd(42), 'A-args', g.status, code(g), r ? `${r.status} ${code(r)}` : '-', '| unknown', gu.status, code(gu), JSON.stringify(gu.body?.data ?? null).slice(0, 40), ru ? `${ru.status} ${code(ru)}` : '-', '|', ra.required.join(','), ra.optional.join(','), subs.join(' '), '| unk', um ? `${um.status} ${code(um)} ${JSON.stringify(um.body?.errors?.[0]?.extensions?.errors ?? '')}` : '', umr ? `${umr.status} ${code(umr)} ${JSON.stringify(umr.body?.errors ?? '')}`: '');
    console.log('   leaks', A.leaksIn(g.text, JSON.stringify(a.variables)).length, r ? A.leaksIn(r.text, JSON.stringify(a.rest)).length : '');
  }
} finally { await server.stop(); }
