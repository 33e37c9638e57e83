import type { Bonus, Brand, Deposit, Hand, RedeemCodeView, LedgerEntry, LightningInvoice, Player, Shoe, WithdrawRequestView } from '@bahati/contracts';
import type { Checkpoint } from './event-store';

/*
 * Ports of the read side: what the application asks of the read models. The adapters in
 * `adapters/read-models` answer them with Kysely over the tables the projections build.
 */

/** Read models follow the event log: wait until they hold everything up to an append's checkpoint. */
export abstract class ReadModelProgress {
  /** Resolves true once every projection has applied `checkpoint`, false after `timeoutMs`. */
  abstract waitFor(checkpoint: Checkpoint | null, timeoutMs?: number): Promise<boolean>;
}

export abstract class PlayerReadModel {
  abstract findById(id: string, isAdmin: (email: string) => boolean): Promise<Player | null>;
  abstract bank(playerId: string): Promise<number>;
}

export interface HandRecord {
  playerId: string;
  settled: boolean;
  hand: Hand;
}

export abstract class GameReadModel {
  abstract hand(id: string): Promise<HandRecord | null>;
  /** Newest first. */
  abstract handsOf(playerId: string, limit?: number): Promise<Hand[]>;
  abstract shoe(id: string): Promise<{ playerId: string; shoe: Shoe } | null>;
  /** Ledger lines of [fromUtc, toUtc), in the order they happened. */
  abstract ledger(playerId: string, fromUtc: Date, toUtc: Date): Promise<LedgerEntry[]>;
}

export abstract class MoneyReadModel {
  abstract deposits(playerId: string): Promise<Deposit[]>;
  abstract invoices(playerId: string): Promise<LightningInvoice[]>;
  abstract invoice(id: string): Promise<(LightningInvoice & { playerId: string }) | null>;
  /** Opened invoices (only those expired before `expiredBefore` when given). */
  abstract openInvoices(expiredBefore?: Date, limit?: number): Promise<{ id: string; playerId: string }[]>;
  /** Deposit address → player id. */
  abstract addressOwners(): Promise<Map<string, string>>;
  /** `txid:vout` of every credited output. */
  abstract creditedOutputs(): Promise<Set<string>>;
  abstract withdrawRequests(filter?: { playerId?: string; id?: string }): Promise<WithdrawRequestView[]>;
  abstract withdrawalOwner(id: string): Promise<string | null>;
}

export abstract class BonusReadModel {
  /** The player's bonuses, newest first. */
  abstract bonusesOf(playerId: string): Promise<Bonus[]>;
  /** Players with an Offered bonus whose offer ended before `now`. */
  abstract playersWithExpiredOffers(now: Date, limit?: number): Promise<string[]>;
}

export abstract class RedeemCodeReadModel {
  /** Every redeem code, newest first, with its uses. */
  abstract list(): Promise<RedeemCodeView[]>;
}

export abstract class BrandReadModel {
  /** The brand as last saved, or null when there is none of that id. */
  abstract find(id: string): Promise<Brand | null>;
  /** Every brand, in the order they were created. */
  abstract list(): Promise<Brand[]>;
}

/** A stored snapshot of a stream's folded state (JSON as written by `serializeState`). */
export interface StoredSnapshot {
  revision: number;
  state: unknown;
}

/** Where folded states of long streams are kept between processes (the `snapshots` table). */
export abstract class SnapshotRepository {
  abstract read(streamId: string, version: string): Promise<StoredSnapshot | null>;
  /** Writes the snapshot unless a newer one of the same version is stored. */
  abstract write(streamId: string, revision: number, version: string, json: string): Promise<void>;
}
