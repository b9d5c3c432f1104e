// Runs the scenario against a server through the client, as a partner would, and keeps every exchange.
import type { GraphQLSchema } from 'graphql';
import { queryString, type PartnerClient, type Surface } from '../../src/client/index.js';
import { graphqlRequest, isMutation, restRequest, type GraphQLRequest, type RestRequest } from './requests.js';
import type { Step } from './scenario.js';

export type Exchange = {
  op: string;
  surface: Surface;
  request: { graphql?: GraphQLRequest; rest?: RestRequest; idempotent: boolean };
  status: number;
  body: unknown;
};

/**
 * `tick` before each request; `verify` runs an operator's verification of customers (Step.verifies);
 * `work` rounds of the worker (Step.worker); `ask` an operator's sandbox review outcome asking the
 * customers for information (Step.asksInformation).
 */
export async function record(
  schema: GraphQLSchema,
  client: PartnerClient,
  steps: Step[],
  tick: () => void,
  verify: (customerIds: string[]) => Promise<void>,
  work: (rounds: number) => Promise<void> = async () => {},
  ask: (customerIds: string[]) => Promise<void> = async () => {},
): Promise<Exchange[]> {
  const out: Exchange[] = [];
  const after = async (step: Step) => {
    if (step.verifies) await verify(step.verifies());
    if (step.asksInformation) await ask(step.asksInformation());
    if (step.worker) await work(step.worker);
  };
  for (const step of steps) {
    const idempotent = isMutation(schema, step.op);
    // GraphQL first, then REST where the operation has a route (§9.4).
    const g = graphqlRequest(schema, step.op, step.args('graphql'));
    tick();
    const gr = await client.graphql<Record<string, Record<string, unknown>>>(g.query, g.variables);
    if (gr.status !== 200 || gr.body.errors) throw new Error(`${step.op} (GraphQL): ${gr.status} ${JSON.stringify(gr.body)}`);
    out.push({ op: step.op, surface: 'graphql', request: { graphql: g, idempotent }, status: gr.status, body: gr.body });
    step.keep?.('graphql', gr.body.data![step.op]!);

    const r = restRequest(step.op, step.args('rest'));
    if (!r) {
      await after(step);
      continue;
    }
    tick();
    const rr = await client.rest<Record<string, unknown>>(r.method, r.path + queryString(r.query), { body: r.body });
    if (rr.status >= 300) throw new Error(`${step.op} (REST): ${rr.status} ${JSON.stringify(rr.body)}`);
    out.push({ op: step.op, surface: 'rest', request: { rest: r, idempotent }, status: rr.status, body: rr.body });
    step.keep?.('rest', rr.body as Record<string, unknown>);
    await after(step);
  }
  return out;
}
