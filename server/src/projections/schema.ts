import { LEDGER_TYPES as LEDGER_TYPE_NAMES } from '@bahati/contracts';
import type { ColumnType, Generated } from 'kysely';

/**
 * A jsonb column: read as the parsed document, written as the document itself (the projections send
 * rows as one JSON parameter, where a document nests as it is; given as its JSON text, it would be
 * stored as a JSON string).
 */
export type JsonDocument = ColumnType<unknown, object, object>;

/** Typed read-model tables (PostgreSQL). int8 columns parse to JS numbers (safe integers), see adapters/db. */
export interface ProjectionCheckpointsTable {
  name: string;
  version: number;
  checkpoint: string | null;
  updated_at: ColumnType<Date, Date, Date>;
}

export interface PlayersTable {
  id: string;
  subject: string;
  email: string;
  name: string | null;
  photo_url: string | null;
  created_time: ColumnType<Date, Date | string, never>;
  banned: Generated<boolean>;
  self_exclude: Generated<boolean>;
  verified_phone_number: string | null;
  animate: Generated<boolean>;
}

/** One row per redeem code, with how many times it is redeemed now. */
export interface RedeemCodesTable {
  code: string;
  bonus_amount: number;
  playthrough_target: number;
  max_redemptions: number | null;
  expires_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
  min_bank: number;
  redemptions: Generated<number>;
  created_by: string;
  created_time: ColumnType<Date, Date | string, never>;
}

/** One row per brand: the brand as last saved (its drawings sanitised SVG) and the stream revision it is at. */
export interface BrandsTable {
  id: string;
  name: string;
  site_name: string;
  colour: string;
  logo_svg: string;
  tagline_svg: string;
  card_svg: string;
  chip1_svg: string;
  chip2_svg: string;
  chip3_svg: string;
  chip4_svg: string;
  table_large_svg: string;
  table_small_svg: string;
  created_by: string;
  created_time: ColumnType<Date, Date | string, never>;
  updated_by: string;
  updated_time: ColumnType<Date, Date | string, Date | string>;
  revision: number;
}

/** One row per bonus (the playthrough read model). */
export interface BonusesTable {
  id: string;
  player_id: string;
  date: ColumnType<Date, Date | string, Date | string>;
  redeem_code: string | null;
  deposit_amount: number | null;
  bonus_amount: number;
  status: string;
  playthrough: Generated<number>;
  playthrough_target: number;
  expires_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
  /** `withdrawal`: an offer that lapsed because a withdrawal was requested (migration 0012). */
  ended_by: string | null;
  /** When it was declined, expired, lapsed, completed or forgiven. */
  ended_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
}

export interface BanksTable {
  player_id: string;
  bank: number;
  /** Revision of the last account event applied: replays of older events change nothing. */
  revision: number;
}

/** Ledger entry types and their numbers (spec §4): a type's number is its index in the contracts' list. */
export const LEDGER_TYPES = Object.freeze(Object.fromEntries(LEDGER_TYPE_NAMES.map((type, i) => [type, i]))) as Readonly<
  Record<(typeof LEDGER_TYPE_NAMES)[number], number>
>;
export type LedgerType = keyof typeof LEDGER_TYPES;

export interface LedgerEntriesTable {
  /** `<event id>:<n>`: one event may make several entries; replays insert nothing new. */
  id: string;
  player_id: string;
  type: LedgerType;
  created_time: ColumnType<Date, Date | string, never>;
  hand_id: string | null;
  reference: string | null;
  /** Signed satoshis: credits positive, debits negative. */
  amount: number;
  /** Order within the player's ledger (account stream revision × 16 + entry number). */
  seq: number;
}

/** One row per hand: the hand engine's state after the hand's last event, for history and audit. */
export interface HandsTable {
  id: string;
  player_id: string;
  shoe_id: string;
  hand_number: number;
  created_time: ColumnType<Date, Date | string, never>;
  settled_time: ColumnType<Date | null, Date | string | null, Date | string | null>;
  /** The hand engine's phase: Settled once over. */
  phase: string;
  base_bet: number;
  total_bet: number;
  win_amount: number | null;
  net: number | null;
  level: number;
  /** The hand engine's HandState (JSON). */
  state: JsonDocument;
  /** Revision of the last account event applied: replays of older events change nothing. */
  revision: number;
}

export interface ShoesTable {
  id: string;
  player_id: string;
  house_seed_hash: string;
  player_seed: string | null;
  /** Written only when the shoe retires. */
  house_seed: string | null;
  hand_count: number;
  retired: boolean;
  retired_early: boolean;
  created_time: ColumnType<Date, Date | string, never>;
  retired_time: ColumnType<Date | null, Date | string | null, Date | string | null>;
  revision: number;
}

export interface PlayerStatsTable {
  player_id: string;
  hands_played: number;
  total_bet_amount: number;
  /** What the settled hands paid back, stakes included. */
  total_won_amount: Generated<number>;
  level: number;
  active_hand_id: string | null;
  /** The shoe committed for the player's next hands. */
  shoe_id: string | null;
  revision: number;
}

export interface BitcoinAddressesTable {
  address: string;
  player_id: string;
  derivation_index: number;
  assigned_time: ColumnType<Date, Date | string, never>;
}

/** One row per deposit output `txid:vout`. */
export interface BitcoinDepositsTable {
  id: string;
  player_id: string;
  txid: string;
  vout: number;
  address: string;
  amount: number;
  status: 'Pending' | 'Deposited' | 'Held';
  confirmations: number;
  /** When the deposit was first seen. */
  time: ColumnType<Date, Date | string, never>;
  confirmed_time: ColumnType<Date | null, Date | string | null, Date | string | null>;
}

export interface LightningInvoicesTable {
  /** The payment hash. */
  id: string;
  player_id: string;
  amount: number;
  status: 'Opened' | 'Settled' | 'Canceled' | 'Held';
  payment_request: string;
  payment_hash: string;
  created_time: ColumnType<Date, Date | string, never>;
  expires_at: ColumnType<Date, Date | string, never>;
  settled_time: ColumnType<Date | null, Date | string | null, Date | string | null>;
}

export interface WithdrawRequestsTable {
  id: string;
  player_id: string;
  amount: number;
  method: 'lightning' | 'bitcoin';
  /** Bitcoin address or Lightning payment request. */
  target: string;
  /** `Canceled`: the player cancelled it while it was in review. */
  status: 'Created' | 'Approved' | 'Declined' | 'Canceled';
  request_time: ColumnType<Date, Date | string, never>;
  reviewer_id: string | null;
  decision_time: ColumnType<Date | null, Date | string | null, Date | string | null>;
  /** Payment hash or transaction id of the payout. */
  reference: string | null;
  paid: Generated<boolean>;
  /** Where the payout of an approved request is: not started, under way, failed (retry by approving again) or paid. */
  payout: Generated<'None' | 'Paying' | 'Failed' | 'Paid'>;
  /** The node's reason for the last failed payout; null unless `payout` is `Failed`. */
  payout_error: string | null;
  /** When the payout last started, failed or was paid. */
  payout_time: ColumnType<Date | null, Date | string | null, Date | string | null>;
}

/** A role granted (or granted and revoked since) by event (`staff-roles` stream); roles from the configuration are not here. */
export interface StaffRolesTable {
  email: string;
  role: 'admin' | 'support';
  /** False once revoked. */
  granted: boolean;
  changed_by: string;
  changed_time: ColumnType<Date, Date | string, Date | string>;
  /** Revision of the `staff-roles` event applied: replays of older events change nothing. */
  revision: number;
}

/** Per player: the suspect detector's state (JSON), the level now, how many records, and the revisions folded. */
export interface SuspectPlayersTable {
  player_id: string;
  suspect_level: number;
  records: number;
  state: JsonDocument;
  /** Revisions of the last `account-<id>` and `player-<id>` events applied (-1: none): replays of older events change nothing. */
  account_revision: number;
  player_revision: number;
}

/** Spec §3 suspect record. `id` is `<event id>:<n>`; `seq` orders a player's records. */
export interface SuspectRecordsTable {
  id: string;
  player_id: string;
  seq: number;
  time: ColumnType<Date, Date | string, never>;
  hand_id: string | null;
  player_hand_value: number | null;
  dealer_hand_value: number | null;
  expected_action: string | null;
  actual_action: string | null;
  suspect_change: number;
  reason: string;
  admin_id: string | null;
}

/** One row per UTC day (the day the event was recorded): hands settled, wagers, returns, deposits, withdrawals. */
export interface DailyStatsTable {
  /** YYYY-MM-DD. */
  day: string;
  hands: number;
  wagered: number;
  returned: number;
  /** What the published edge expects the house to win on those wagers, in millisatoshis. */
  expected_house_win_msat: number;
  deposits: number;
  deposit_count: number;
  withdrawals: number;
  withdrawal_count: number;
  withdrawals_refunded: number;
  /** The last event applied to this day: replays of older events change nothing. */
  checkpoint: string;
}

/** Who settled a hand on a UTC day (active players). */
export interface DailyPlayersTable {
  day: string;
  player_id: string;
}

/** One row per session token issued at sign-in (`player-<id>` stream); ended by a logout, a logout everywhere or a ban. */
export interface SessionsTable {
  session_id: string;
  player_id: string;
  started_time: ColumnType<Date, Date | string, never>;
  expires_time: ColumnType<Date, Date | string, never>;
  /** Revision of its `SessionStarted` on the player stream: `AllSessionsEnded` ends the sessions started before it. */
  started_revision: number;
  /** Null while the session is open. */
  ended_time: ColumnType<Date | null, Date | string | null, Date | string | null>;
  end_reason: 'logout' | 'logout-all' | 'ban' | null;
}

/** Per player: the strategy coach's state (JSON: the bank and the hand in play) and the account revision folded. */
export interface CoachPlayersTable {
  player_id: string;
  state: JsonDocument;
  /** Revision of the last `account-<id>` event applied (-1: none): replays of older events change nothing. */
  account_revision: number;
}

/** One row per settled hand: how many decisions the coach judged, how many differed from basic strategy, and their cost. */
export interface CoachHandsTable {
  hand_id: string;
  player_id: string;
  settled_time: ColumnType<Date, Date | string, never>;
  level: number;
  bet: number;
  decisions: number;
  deviations: number;
  /** Expected value given away by the deviations, in millisatoshis (negative: gained). */
  cost_msat: number;
}

/** A decision that differed from basic strategy. `id` is the id of the event that recorded the decision. */
export interface CoachDeviationsTable {
  id: string;
  player_id: string;
  hand_id: string;
  /** The decision's number in its hand (1 = first). */
  seq: number;
  time: ColumnType<Date, Date | string, never>;
  hand_index: number;
  /** Card values of the hand decided on (ace 1). */
  cards: ColumnType<number[], readonly number[], readonly number[]>;
  total: number;
  soft: boolean;
  dealer_up: number;
  action: string;
  recommended: string;
  stake: number;
  /** Expected values in bets of `stake` (infinite deck). */
  ev_action: number;
  ev_recommended: number;
  cost_msat: number;
}

export interface ReadModels {
  hands: HandsTable;
  shoes: ShoesTable;
  player_stats: PlayerStatsTable;
  projection_checkpoints: ProjectionCheckpointsTable;
  players: PlayersTable;
  banks: BanksTable;
  ledger_entries: LedgerEntriesTable;
  bitcoin_addresses: BitcoinAddressesTable;
  bitcoin_deposits: BitcoinDepositsTable;
  lightning_invoices: LightningInvoicesTable;
  withdraw_requests: WithdrawRequestsTable;
  bonuses: BonusesTable;
  redeem_codes: RedeemCodesTable;
  brands: BrandsTable;
  staff_roles: StaffRolesTable;
  suspect_players: SuspectPlayersTable;
  suspect_records: SuspectRecordsTable;
  daily_stats: DailyStatsTable;
  daily_players: DailyPlayersTable;
  sessions: SessionsTable;
  coach_players: CoachPlayersTable;
  coach_hands: CoachHandsTable;
  coach_deviations: CoachDeviationsTable;
}
