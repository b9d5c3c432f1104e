// §11.4 webhook endpoint rules used by delivery.
import type { SecretBox } from '../../core/secret-box.js';
import type { Exec } from '../../db/exec.js';
import { signingSecretRows } from './delivery-repository.js';

/** Secrets are sealed with the endpoint as associated data: a sealed secret copied to another endpoint does not open. */
export const secretAssociatedData = (endpointId: string) => `webhook:${endpointId}`;

/** §11.4, §11.6: the endpoint's secrets that sign at `now` (primary, or the previous one within the overlap), newest first. */
export async function signingSecrets(x: Exec, box: SecretBox, endpointId: string, now: Date): Promise<string[]> {
  const rows = await signingSecretRows(x, endpointId, now.toISOString());
  return rows.map((r) => box.open(secretAssociatedData(endpointId), r.secret));
}
