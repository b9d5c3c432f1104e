// A module's example steps (src/modules/<area>/examples.ts default-exports them): the documented requests
// of its operations, which the walk behind docs/api/operations.md (tools/api-examples/) runs and every
// cross-cutting suite derives its requests from (test/helpers/operation-cases.ts). Steps of every module
// share one walk. Types only, here in core, so that a module imports nothing above it.
import type { OperationType } from './operation.js';

/** The surface a step runs on (§6); the client's `Surface` is the same union. */
export type Surface = 'graphql' | 'rest';

/** What the walk passes to every step: its route, the ids earlier steps kept, and §5 evidence. */
export type Walk = {
  /** The route the walk's amounts are written for (tools/api-examples/run.ts makes it). */
  readonly routeCode: string;
  /** Ids kept by earlier steps: `ids[name]` is the first surface's, `ids['name:surface']` each surface's (see `keep`). */
  readonly ids: Record<string, string>;
  /** The id kept under `name` on `surface`. */
  per(surface: Surface, name: string): string;
  /** Keeps `value` under `name` for `surface`, and as `ids[name]` unless one is kept already. */
  keep(surface: Surface, name: string, value: unknown): void;
  /**
   * `input` with its §5 evidence for the operation on `id`, each by a fresh MFA reference; `pathId` names
   * `id` where the type serves several operations (§15.7), else the type's own.
   */
  authorized<I extends object>(type: OperationType, id: string, input: I, pathId?: string): I & { operationAuthorization: object };
};

export type Example = {
  /**
   * The step's position in the walk: steps run in ascending `at` across every module, and no two share
   * one. Each area has its hundred, in the order a partner meets them (customers 100, deposits 200,
   * beneficiaries 300, withdrawals 400, refunds 500, ledger 600, events 700, webhooks 800, conversion 900,
   * frontend sessions 1000, fiat accounts 1100, withdrawal capabilities 1161–1165), so a step
   * comes after the steps that make the records it needs.
   */
  at: number;
  /** The operation (a root field of the module's schema.graphql). */
  op: string;
  /** Arguments on a surface; REST is tried only where the operation has a route. */
  args: (surface: Surface, walk: Walk) => Record<string, unknown>;
  /** Keeps what later steps need from the answer (the GraphQL field's value, or the REST body). */
  keep?: (surface: Surface, result: Record<string, unknown>, walk: Walk) => void;
  /**
   * Customers an operator verifies after the step (`partnerctl customer verification-decide`, §12.3): the
   * review a submission leaves due runs on the worker's clock, which the walk does not move, and later
   * steps need a VERIFIED customer (§12.4).
   */
  verifies?: (walk: Walk) => string[];
  /**
   * Customers whose next fiat account application's and withdrawal capability activation's first review
   * an operator sets to ask for information after the step (`partnerctl sandbox fiat-review-outcome … --outcome
   * NEEDS_ADDITIONAL_INFORMATION`, §14.3), so that a later step may answer it.
   */
  asksInformation?: (walk: Walk) => string[];
  /**
   * The worker runs one round after the step, on a clock one sandbox step delay ahead
   * (SANDBOX_STEP_DELAY_MS, then moved back): a later step needs a record a worker step settles (a
   * collection payment's confirmation, §15.6), which the walk's clock alone never reaches. A number:
   * that many rounds, each one delay further ahead (a review of two steps, §14.4).
   */
  worker?: true | number;
};
