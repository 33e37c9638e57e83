import type { Deposit } from '@bahati/contracts';

/** The `deposits` read model: deposit addresses and Bitcoin deposits. */
export abstract class DepositsReadModel {
  abstract deposits(playerId: string): Promise<Deposit[]>;
  /** Deposit address → player id. */
  abstract addressOwners(): Promise<Map<string, string>>;
  /** Whether the address is one of our deposit addresses (any player's; compared without case, as bech32 is). */
  abstract isDepositAddress(address: string): Promise<boolean>;
  /** `txid:vout` of every credited output. */
  abstract creditedOutputs(): Promise<Set<string>>;
}
