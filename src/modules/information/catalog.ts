// §14.3's table: each key's kind, its exact description, and the subjects a review may ask it of.
import type { FieldErrors } from '../../core/problem.js';

export type InformationKey =
  | 'SOURCE_OF_FUNDS'
  | 'EXPECTED_MONTHLY_VOLUME'
  | 'BUSINESS_DESCRIPTION'
  | 'PROOF_OF_ADDRESS_FILE'
  | 'SOURCE_OF_FUNDS_FILE'
  | 'PAYMENT_PURPOSE_DETAIL'
  | 'RELATIONSHIP_TO_BENEFICIARY'
  | 'INVOICE_FILE';
export type InformationKind = 'TEXT' | 'FILE';
/** Who a review asks: an account application, a withdrawal capability activation, a fiat withdrawal. */
export type InformationSubject = 'APPLICATION' | 'ACTIVATION' | 'WITHDRAWAL';

type Entry = { kind: InformationKind; description: string; askedOf: readonly InformationSubject[] };

export const INFORMATION_CATALOG: Readonly<Record<InformationKey, Entry>> = {
  SOURCE_OF_FUNDS: { kind: 'TEXT', description: 'Describe the source of the funds.', askedOf: ['APPLICATION', 'ACTIVATION', 'WITHDRAWAL'] },
  EXPECTED_MONTHLY_VOLUME: { kind: 'TEXT', description: 'State the expected monthly volume.', askedOf: ['APPLICATION', 'ACTIVATION'] },
  BUSINESS_DESCRIPTION: { kind: 'TEXT', description: 'Describe the business.', askedOf: ['APPLICATION', 'ACTIVATION'] },
  PROOF_OF_ADDRESS_FILE: { kind: 'FILE', description: 'Provide a proof of address.', askedOf: ['APPLICATION', 'ACTIVATION'] },
  SOURCE_OF_FUNDS_FILE: {
    kind: 'FILE',
    description: 'Provide a document showing the source of the funds.',
    askedOf: ['APPLICATION', 'ACTIVATION', 'WITHDRAWAL'],
  },
  PAYMENT_PURPOSE_DETAIL: { kind: 'TEXT', description: 'Describe the purpose of the payment.', askedOf: ['WITHDRAWAL'] },
  RELATIONSHIP_TO_BENEFICIARY: { kind: 'TEXT', description: 'Describe the relationship to the beneficiary.', askedOf: ['WITHDRAWAL'] },
  INVOICE_FILE: { kind: 'FILE', description: 'Provide the invoice for the payment.', askedOf: ['WITHDRAWAL'] },
};

export const INFORMATION_KEYS = Object.keys(INFORMATION_CATALOG) as InformationKey[];

/** §14.3 the keys a review of `subject` may ask, in the table's order. */
export const keysAskedOf = (subject: InformationSubject): InformationKey[] => INFORMATION_KEYS.filter((k) => INFORMATION_CATALOG[k].askedOf.includes(subject));

/** §14.3 the sandbox's default keys when `--keys` is not given. */
export const DEFAULT_KEYS: Readonly<Record<InformationSubject, readonly InformationKey[]>> = {
  APPLICATION: ['SOURCE_OF_FUNDS'],
  ACTIVATION: ['SOURCE_OF_FUNDS'],
  WITHDRAWAL: ['PAYMENT_PURPOSE_DETAIL'],
};

export type InformationItem = { key: string; text?: string | null; fileIds?: readonly string[] | null };

const codePoints = (v: string) => [...v].length;

/**
 * §14.3 stage B of an answer: 1–20 items, each key at most once; a TEXT item has `text` (1–2000) and no
 * `fileIds`, a FILE item `fileIds` (1–10) and no `text`. Every fault at once.
 */
export function checkItemsShape(errors: FieldErrors, items: readonly InformationItem[]): void {
  if (items.length < 1 || items.length > 20) errors.add('/items', 'must hold 1–20 items');
  const seen = new Set<string>();
  items.forEach((item, i) => {
    const at = `/items/${i}`;
    if (seen.has(item.key)) errors.add(`${at}/key`, 'each key may appear once');
    seen.add(item.key);
    const entry = INFORMATION_CATALOG[item.key as InformationKey];
    if (!entry) return; // the schema's enum refuses it first
    const hasText = item.text !== null && item.text !== undefined;
    const hasFiles = item.fileIds !== null && item.fileIds !== undefined;
    if (entry.kind === 'TEXT') {
      if (!hasText) errors.add(`${at}/text`, `is required: ${item.key} is a TEXT item`);
      else if (codePoints(item.text!) < 1 || codePoints(item.text!) > 2000) errors.add(`${at}/text`, 'must be 1–2000 characters');
      if (hasFiles) errors.add(`${at}/fileIds`, `is refused: ${item.key} is a TEXT item (answer with text)`);
    } else {
      if (!hasFiles) errors.add(`${at}/fileIds`, `is required: ${item.key} is a FILE item`);
      else if (item.fileIds!.length < 1 || item.fileIds!.length > 10) errors.add(`${at}/fileIds`, 'must hold 1–10 files');
      if (hasText) errors.add(`${at}/text`, `is refused: ${item.key} is a FILE item (answer with fileIds)`);
    }
  });
}
