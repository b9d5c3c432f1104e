// What a data upgrade is (§10.11); upgrades/index.ts lists them in the order they apply.
import type { Exec } from '../db/exec.js';

export type UpgradeContext = {
  /** The service's clock when the upgrade runs. */
  now: Date;
  /** §10.7: records entering the pipeline are due one step delay later. */
  sandboxStepDelayMs: number;
};

export type Upgrade = {
  /** The marker's primary key: never reused. */
  name: string;
  /** Converts the database in `tx`; resolves with how many records it converted. */
  apply(tx: Exec, c: UpgradeContext): Promise<number>;
};
