// The walk through every operation the reference documents, in the order a partner meets them. Each
// module declares its operations' steps (src/modules/<area>/examples.ts, gathered by `npm run codegen`);
// this file orders them by position and gives them the walk's shared state: the route, the ids earlier
// steps kept, and §5 evidence.
import type { Authorizer, PartnerClient, Surface } from '../../src/client/index.js';
import type { Example, Walk } from '../../src/core/example.js';
import { moduleExamples } from './generated/examples.js';
import { examplesFileOf } from './modules.js';

/** A step of the walk, bound to its state. */
export type Step = {
  op: string;
  /** Arguments on a surface; REST is tried only where the operation has a route. */
  args: (surface: Surface) => Record<string, unknown>;
  /** Keeps what later steps need from the answer (the GraphQL field's value, or the REST body). */
  keep?: (surface: Surface, result: Record<string, unknown>) => void;
  /** Customers an operator verifies after the step (Example.verifies). */
  verifies?: () => string[];
  /** Customers whose next application's review asks for information, set after the step (Example.asksInformation). */
  asksInformation?: () => string[];
  /** The worker runs this many rounds after the step (Example.worker). */
  worker?: number;
};

const by = (n: number): Authorizer => ({ authorizedByPartnerUserRef: 'ops-user-7', authorizationMethod: 'PASSKEY', mfaEvidenceRef: `mfa-${n}` });

/**
 * Every module's steps in ascending position. A module declares only its own operations' steps (the file
 * a missing step is named with), and no two steps share a position, so the order is the positions' alone.
 */
export function orderedExamples(lists: readonly { file: string; steps: readonly Example[] }[] = moduleExamples): Example[] {
  const faults: string[] = [];
  const at = new Map<number, string>();
  const all: Example[] = [];
  for (const { file, steps } of lists) {
    for (const step of steps) {
      const where = `${file}: ${step.op} at ${step.at}`;
      if (examplesFileOf(step.op) !== file) faults.push(`${where} is not this module’s operation (its step belongs in ${examplesFileOf(step.op)})`);
      const other = at.get(step.at);
      if (other !== undefined) faults.push(`${where} has the position of ${other}`);
      at.set(step.at, where);
      all.push(step);
    }
  }
  if (faults.length) throw new Error(`the example steps disagree: ${faults.join('; ')}`);
  return all.sort((a, b) => a.at - b.at);
}

export function scenario(client: PartnerClient, routeCode: string): Step[] {
  const ids: Record<string, string> = {};
  let mfa = 0;
  const walk: Walk = {
    routeCode,
    ids,
    per: (s, name) => ids[`${name}:${s}`]!,
    keep: (s, name, value) => {
      ids[`${name}:${s}`] = value as string;
      ids[name] ??= value as string;
    },
    authorized: (type, id, input, pathId) => client.authorize(type, id, input, by(++mfa), pathId),
  };
  return orderedExamples().map(({ op, args, keep, verifies, asksInformation, worker }) => ({
    op,
    ...(verifies ? { verifies: () => verifies(walk) } : {}),
    ...(asksInformation ? { asksInformation: () => asksInformation(walk) } : {}),
    ...(worker ? { worker: worker === true ? 1 : worker } : {}),
    args: (s) => args(s, walk),
    ...(keep ? { keep: (s: Surface, r: Record<string, unknown>) => keep(s, r, walk) } : {}),
  }));
}
