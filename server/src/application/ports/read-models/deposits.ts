import type { Deposit, HeldDeposit } from '@bahati/contracts';

/** The `deposits` read model: deposit addresses and Bitcoin deposits (and every deposit held for review). */
export abstract class DepositsReadModel {
  abstract deposits(playerId: string): Promise<Deposit[]>;
  /** Deposit address → player id. */
  abstract addressOwners(): Promise<Map<string, string>>;
  /** Whether the address is one of our deposit addresses (any player's; compared without case, as bech32 is). */
  abstract isDepositAddress(address: string): Promise<boolean>;
  /** `txid:vout` of every credited output. */
  abstract creditedOutputs(): Promise<Set<string>>;
  /** Paid deposits held for review (past MAX_BANK_SATS), Bitcoin outputs and Lightning invoices, oldest first. */
  abstract heldDeposits(): Promise<HeldDeposit[]>;
}
