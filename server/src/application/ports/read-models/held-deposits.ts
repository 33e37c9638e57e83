import type { HeldDeposit } from '@bahati/contracts';

/** A held deposit as its read model keeps it (the limit it is weighed against is the server's setting). */
export type HeldDepositRow = Omit<HeldDeposit, 'maxBank'>;

/** The `held-deposits` read model: every deposit held for review (past MAX_BANK_SATS) and its outcome. */
export abstract class HeldDepositsReadModel {
  /**
   * Those still to decide or whose refund is under way or failed (oldest first), then those released or refunded
   * (newest decision first), with the player's e-mail and bank now.
   */
  abstract heldDeposits(): Promise<HeldDepositRow[]>;
}
