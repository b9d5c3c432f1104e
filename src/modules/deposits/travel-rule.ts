// §10.4 Travel Rule originator information: its shape checks, and its form at rest (sealed). No detail
// below repeats a value that was sent, so a refusal carries no originator data either.
import type { SecretBox } from '../../core/secret-box.js';
import type { FieldErrors } from '../../core/problem.js';
import { checkLength } from '../../core/validate.js';
import type { TravelRuleOriginatorInput } from '../../graphql/generated/resolvers-types.js';
import { ISO_3166_ALPHA2 } from '../../core/countries.js';

const DID_PATTERN = /^did:[a-z0-9]+:[A-Za-z0-9._:%-]+$/;
/** Something visible: a character that is neither white space nor an invisible format character (U+200B…). */
const VISIBLE = /[^\s\p{Cf}]/u;

/** §10.4 a name identifies a party: 1–200 characters, and not blank (spaces alone name nobody). */
function checkName(errors: FieldErrors, pointer: string, value: string | null | undefined): void {
  checkLength(errors, pointer, value, 1, 200);
  if (value && !VISIBLE.test(value)) errors.add(pointer, 'must contain a character other than spaces');
}

/** §10.4 the originator's rules the schema cannot express; pointers under `/originator`. */
export function checkOriginator(errors: FieldErrors, o: TravelRuleOriginatorInput): void {
  const at = (field: string) => `/originator/${field}`;
  checkName(errors, at('name'), o.name);
  if (!ISO_3166_ALPHA2.has(o.country)) errors.add(at('country'), 'must be an officially assigned ISO 3166-1 alpha-2 code in upper case');
  checkLength(errors, at('addressLine'), o.addressLine, 0, 200);
  const vasp = o.walletType === 'VASP_WALLET';
  if (o.vaspName === null || o.vaspName === undefined) {
    if (vasp) errors.add(at('vaspName'), 'is required with walletType VASP_WALLET');
  } else if (!vasp) errors.add(at('vaspName'), 'is accepted only with walletType VASP_WALLET');
  else checkName(errors, at('vaspName'), o.vaspName);
  if (o.vaspDid !== null && o.vaspDid !== undefined) {
    if (!vasp) errors.add(at('vaspDid'), 'is accepted only with walletType VASP_WALLET');
    else if ([...o.vaspDid].length > 200) errors.add(at('vaspDid'), 'must be at most 200 characters');
    else if (!DID_PATTERN.test(o.vaspDid)) errors.add(at('vaspDid'), 'must be a DID: did:<method>:<identifier>');
  }
}

/**
 * The originator at rest: AES-GCM sealed, its associated data naming the deposit, so a ciphertext moved
 * to another row does not open. Absent members are left out.
 */
export function sealOriginator(box: SecretBox, depositId: string, o: TravelRuleOriginatorInput): string {
  const plain = Object.fromEntries(
    (['name', 'type', 'country', 'addressLine', 'walletType', 'vaspName', 'vaspDid'] as const)
      .filter((k) => o[k] !== null && o[k] !== undefined)
      .map((k) => [k, o[k]]),
  );
  return box.seal(`travel-rule:${depositId}`, JSON.stringify(plain));
}

/** The stored originator, for operators and tests (never a response). */
export function openOriginator(box: SecretBox, depositId: string, sealed: string): Record<string, string> {
  return JSON.parse(box.open(`travel-rule:${depositId}`, sealed)) as Record<string, string>;
}
