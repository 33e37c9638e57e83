/** The `bank` read model: each player's bank. */
export abstract class BankReadModel {
  /** The player's bank in satoshis (0 before the first deposit). */
  abstract bank(playerId: string): Promise<number>;
}
