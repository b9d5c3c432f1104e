// §14.3 the additional-information loop, written once for every owner: a review opens a round of keyed
// requests; the partner answers every key before the round's deadline, or the worker's timeout step closes
// it. The owner's status moves are the owner's: it calls openRound / answerRound in its own transaction
// and makes its change after them (so its event renders the round as it now stands), and it is handed the
// timeout's change through its registration (owners.ts).
import { randomUUID } from 'node:crypto';
import type { CallContext } from '../../core/context.js';
import { Problem } from '../../core/problem.js';
import type { Exec } from '../../db/exec.js';
import { fileReferences } from '../files/index.js';
import { INFORMATION_CATALOG, type InformationItem, type InformationKey } from './catalog.js';
import { informationOwner } from './owners.js';
import { closeAnswered, closeExpired, dueTimeouts, findRound, insertRound, markAnswered, nextRoundNumber, requestsOf, roundsOf } from './repository.js';

/** PartnerInformationRequest. */
export type InformationRequestView = { key: string; kind: string; description: string; requestedAt: string; answeredAt: string | null };

/** What an owner record shows of the loop (§14.3). */
export type InformationView = { informationRequests: InformationRequestView[]; informationDueAt: string | null };

export type RoundOwner = { ownerType: string; ownerId: string; customerId: string };

/**
 * The owner's requests, every round oldest first and each round's in the order asked, and its
 * `informationDueAt`: the open round's deadline, null when none is open.
 */
export async function informationOf(x: Exec, ownerType: string, ownerId: string): Promise<InformationView> {
  const rounds = await roundsOf(x, ownerType, ownerId);
  const requests = await requestsOf(
    x,
    rounds.map((r) => r.roundId),
  );
  const informationRequests = rounds.flatMap((round) =>
    requests
      .filter((q) => q.roundId === round.roundId)
      .map((q) => ({ key: q.key, kind: q.kind, description: q.description, requestedAt: q.requestedAt, answeredAt: q.answeredAt })),
  );
  const open = rounds.find((r) => r.state === 'OPEN');
  return { informationRequests, informationDueAt: open?.dueAt ?? null };
}

/**
 * A review asks (§14.3): a new round of `keys` (in the order asked), due `timeoutSeconds` after `at`.
 * Call it before the owner's move to NEEDS_ADDITIONAL_INFORMATION, in the same transaction.
 */
export async function openRound(tx: Exec, owner: RoundOwner, keys: readonly InformationKey[], at: string, timeoutSeconds: number): Promise<{ dueAt: string }> {
  const roundId = randomUUID();
  const dueAt = new Date(Date.parse(at) + timeoutSeconds * 1000).toISOString();
  await insertRound(
    tx,
    {
      roundId,
      ownerType: owner.ownerType,
      ownerId: owner.ownerId,
      round: await nextRoundNumber(tx, owner.ownerType, owner.ownerId),
      customerId: owner.customerId,
      requestedAt: at,
      dueAt,
      state: 'OPEN',
      closedAt: null,
      answers: null,
    },
    keys.map((key, position) => ({
      roundId,
      position,
      key,
      kind: INFORMATION_CATALOG[key].kind,
      description: INFORMATION_CATALOG[key].description,
      requestedAt: at,
      answeredAt: null,
    })),
  );
  return { dueAt };
}

/**
 * §14.3 an answer, after the owner's own record check (D: 404 / 403): D the items' files (in item order)
 * → H FILE_NOT_READY → INVALID_STATE (`awaiting` false: the owner is not NEEDS_ADDITIONAL_INFORMATION; or
 * now ≥ the deadline) → INFORMATION_MISMATCH → I the round's compare-and-set (OPEN, before the deadline),
 * `answeredAt` on its requests, the items sealed. The owner then makes its move back to review. No gate.
 */
export async function answerRound(tx: Exec, ctx: CallContext, owner: RoundOwner & { awaiting: boolean }, items: readonly InformationItem[]): Promise<void> {
  const files = await fileReferences(
    tx,
    ctx,
    owner.customerId,
    items.flatMap((i) => i.fileIds ?? []),
  );
  files.requireReady();
  const at = ctx.now.toISOString();
  const rounds = await roundsOf(tx, owner.ownerType, owner.ownerId);
  const open = rounds.find((r) => r.state === 'OPEN');
  if (!owner.awaiting || !open) throw new Problem('INVALID_STATE', 'No additional information is requested: the record is not NEEDS_ADDITIONAL_INFORMATION.');
  if (at >= open.dueAt) throw new Problem('INVALID_STATE', `The additional information was due before ${open.dueAt}.`);
  const asked = (await requestsOf(tx, [open.roundId])).map((q) => q.key);
  const given = items.map((i) => i.key);
  const missing = asked.filter((k) => !given.includes(k));
  const unexpected = given.filter((k) => !asked.includes(k));
  if (missing.length > 0 || unexpected.length > 0)
    throw new Problem(
      'INFORMATION_MISMATCH',
      `The items must answer exactly the open requests. Missing keys: ${missing.join(', ') || 'none'}. Unexpected keys: ${unexpected.join(', ') || 'none'}.`,
    );
  const sealed = ctx.services.config.secretBox.seal(
    owner.ownerId,
    JSON.stringify(items.map((i) => ({ key: i.key, text: i.text ?? null, fileIds: i.fileIds ?? null }))),
  );
  // §16.4: the timeout step may have closed the round meanwhile (or may close it after this read): the
  // database lets one of the two writes change it.
  if (!(await closeAnswered(tx, open.roundId, at, sealed)))
    throw new Problem('INVALID_STATE', `The additional information was due before ${open.dueAt}.`);
  await markAnswered(tx, open.roundId, at);
}

/** §14.3 the timeout step: the round's compare-and-set, then the owner's REJECTED. False: not due, or answered. */
export async function timeoutStep(tx: Exec, roundId: string, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const round = await findRound(tx, roundId);
  if (!round || round.state !== 'OPEN') return false;
  if (!(await closeExpired(tx, roundId, at))) return false;
  await informationOwner(round.ownerType).timedOut(tx, round.ownerId, at);
  return true;
}

export const dueInformationTimeouts = (x: Exec, now: Date, limit: number) => dueTimeouts(x, now.toISOString(), limit);
