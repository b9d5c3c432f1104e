// A record type, declared once in its module (src/modules/<area>/records.ts): the GraphQL type it renders,
// its statuses, its events (§11.1–§11.2) and, where it moves money, its ledger side (§10.1). The events
// and the ledger read these declarations through the generated list (src/graphql/generated/records.ts),
// and codegen takes the resolver mapper from `mapper` (reading the source text, since the declarations
// import generated code), so a new record type edits no central list.

/**
 * A side of a journal entry: the customer's own accounts, or the service's per currency (§16.3): the
 * world outside (`external` for chains, `bank` for fiat rails, §14.9), the fees, and the conversion desk
 * (`fx`, §13.4). Service accounts may go negative.
 */
export type LedgerAccount = 'available' | 'held' | 'external' | 'bank' | 'fees' | 'fx';

/** §10.1's table: the two accounts of one transaction type (from → to) and the customer's deltas per unit. */
export type PostingRule = {
  readonly from: LedgerAccount;
  readonly to: LedgerAccount;
  readonly available: -1 | 0 | 1;
  readonly held: -1 | 0 | 1;
};

export type RecordDeclaration = {
  /** The GraphQL object type of the record (what its by-id query and its events render). */
  readonly graphqlType: string;
  /**
   * The resolver mapper (codegen): `<file beside records.ts>#<type>`, e.g. `tables.js#CryptoWithdrawalRow`.
   * Written as a plain string literal on one line: codegen reads it from the source.
   */
  readonly mapper?: string;
  /**
   * Its statuses, in the contract's order: from its SDL enum (src/graphql/generated/enums.ts) where the
   * schema has one, else this is the one list (the interface document makes the status a String).
   */
  readonly statuses?: readonly string[];
  /**
   * Values of the status enum that a record never takes, where the enum is shared with computed items
   * (§14.6: a withdrawal capability is AVAILABLE or NOT_AVAILABLE before its first activation, and the
   * enum's SUSPENDED is §14.4's account's); `statuses` is the enum without them, and they have no events.
   */
  readonly statusesWithoutRecord?: readonly string[];
  /** The GraphQL field that shows the status, when it is not `status`. */
  readonly statusField?: string;
  /** §11.1: the PartnerResourceType of its events (its module adds the value by `extend enum`); none: no events. */
  readonly resourceType?: string;
  /** §11.2: `<eventPrefix>.<status after the change, lower case>`. */
  readonly eventPrefix?: string;
  /** §11.2's table of event types lists the resources in this order; so do the feed filter's messages. */
  readonly eventOrder?: number;
  /** Event suffixes beyond the statuses (§11.2: a beneficiary's `.updated`; a ledger row's only `.posted`). */
  readonly extraEvents?: readonly string[];
  /** Fields its events leave out (E4: those that change without the record changing). */
  readonly omit?: readonly string[];
  /** §10.1: the record's ledger side, where it moves money. */
  readonly ledger?: {
    /** It is a ledger row's `resourceType` (PartnerTransaction.resourceType). */
    readonly resource: boolean;
    /** The transaction types it posts that are its own (its module adds them to PartnerTransactionType). */
    readonly postings?: Readonly<Record<string, PostingRule>>;
    /** L3: the statuses in which it holds funds, the table and the amount columns it holds. */
    readonly holds?: { readonly table: string; readonly statuses: readonly string[]; readonly amountColumns: readonly string[] };
  };
};

/** Types a declaration, keeping its literals (resource type, transaction types) for the derived types. */
export function record<const T extends RecordDeclaration>(declaration: T): T {
  return declaration;
}
