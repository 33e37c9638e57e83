import type {
  AdminPlayer, Bonus, Brand, Deposit, Hand, HeldDeposit, RedeemCodeView, LedgerEntry, LightningInvoice, Player, Shoe, SuspectRecordView, WithdrawRequestView,
} from '@bahati/contracts';
import type { LedgerEntryRow } from '../../domain/account/ledger';
import type { StaffRole } from '../../domain/staff/staff-roles';
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

/** A page of rows and how many rows there are in all. */
export interface Page<T> {
  items: T[];
  total: number;
}

/** The admins' and support's reads of players and their suspect records. */
export abstract class AdminReadModel {
  /** Players whose e-mail contains `q` (any case), or whose id is `q`; newest sign-up first. */
  abstract players(q: string, offset: number, limit: number): Promise<Page<AdminPlayer>>;
  /** The player's id and e-mail, by id or by e-mail (any case); null when unknown. */
  abstract findPlayer(idOrEmail: string): Promise<{ id: string; email: string } | null>;
  /** The suspect level now (0 for a player nothing was recorded for). */
  abstract suspectLevel(playerId: string): Promise<number>;
  /** The player's suspect records, newest first. */
  abstract suspectRecords(playerId: string, offset: number, limit: number): Promise<Page<SuspectRecordView>>;
}

/** The figures of one UTC day of the daily-stats read model. */
export interface DailyStatsRow {
  date: string;
  hands: number;
  wagered: number;
  returned: number;
  /** The published edge's expected house win on those wagers, in millisatoshis. */
  expectedHouseWinMsat: number;
  deposits: number;
  depositCount: number;
  withdrawals: number;
  withdrawalCount: number;
  withdrawalsRefunded: number;
  activePlayers: number;
}

export abstract class AnalyticsReadModel {
  /** The days of [from, to] (UTC dates, both included) that have figures, in order. */
  abstract days(from: string, to: string): Promise<DailyStatsRow[]>;
  /** Players who settled a hand on any day of [from, to]. */
  abstract activePlayers(from: string, to: string): Promise<number>;
}

/** The `sessions` read model: whether a session token's session is still open. */
export abstract class SessionReadModel {
  /** The session's player and whether it is still open (not ended); null when the read model does not know it. */
  abstract find(sessionId: string): Promise<{ playerId: string; open: boolean } | null>;
}

/** Roles granted by event (the configuration's are not in it). */
export abstract class StaffRoleReadModel {
  abstract grants(): Promise<{ email: string; role: StaffRole }[]>;
  /** Which of these e-mail addresses (lower case) belong to a banned player. */
  abstract bannedAmong(emails: readonly string[]): Promise<string[]>;
}

/** The ledger read model as support audits and repairs it: one player's day, or one hand. */
export abstract class LedgerDayStore {
  /** The player's ledger rows of [fromUtc, toUtc), and any row of theirs carrying one of `ids` wherever its time is now, in order. */
  abstract rows(playerId: string, fromUtc: Date, toUtc: Date, ids: readonly string[]): Promise<LedgerEntry[]>;
  /** The player's ledger rows naming the hand, and any row of theirs carrying one of `ids`, in order. */
  abstract rowsOfHand(playerId: string, handId: string, ids: readonly string[]): Promise<LedgerEntry[]>;
  /**
   * In one transaction: removes the player's rows of [fromUtc, toUtc) that come from account events up to
   * `upToRevision`, and any row of theirs carrying an id of `rows` or of `remove`, then writes `rows`. Rows
   * of later events (the ledger projection may be writing them meanwhile) are left alone.
   */
  abstract rewrite(playerId: string, fromUtc: Date, toUtc: Date, upToRevision: number, rows: readonly LedgerEntryRow[], remove: readonly string[]): Promise<void>;
}

export interface HandRecord {
  playerId: string;
  settled: boolean;
  hand: Hand;
}

export abstract class GameReadModel {
  abstract hand(id: string): Promise<HandRecord | null>;
  /** Newest first. */
  abstract handsOf(playerId: string, page?: { offset: number; limit: number }): Promise<Hand[]>;
  /** How many hands the player has. */
  abstract handCount(playerId: string): Promise<number>;
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
  /** Whether the address is one of our deposit addresses (any player's; compared without case, as bech32 is). */
  abstract isDepositAddress(address: string): Promise<boolean>;
  /** Whether the payment hash is one of our own Lightning invoices (any player's, in any state). */
  abstract isOwnInvoice(paymentHash: string): Promise<boolean>;
  /** `txid:vout` of every credited output. */
  abstract creditedOutputs(): Promise<Set<string>>;
  abstract withdrawRequests(filter?: { playerId?: string; id?: string }): Promise<WithdrawRequestView[]>;
  abstract withdrawalOwner(id: string): Promise<string | null>;
  /** Paid deposits held for review (past MAX_BANK_SATS), oldest first. */
  abstract heldDeposits(): Promise<HeldDeposit[]>;
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
