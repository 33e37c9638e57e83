import { z } from 'zod';
import { Card, LedgerEntry, LedgerType } from './game';
import { Sats } from './money';
import { queryInt } from './query';

/*
 * The admins' and support's side (spec §1, §3 suspect record, §4 suspect reasons, §6, §7): players,
 * suspect records and levels, hands audited by replay, a player's ledger day rebuilt from events, and
 * analytics. The constants are plain values (the browser takes them without zod); the schemas validate
 * requests on the server and type the answers for the client.
 */

/** What a signed-in user may be besides a player: `admin` decides, `support` reads and repairs a ledger day. */
export const STAFF_ROLES = ['admin', 'support'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const StaffRoleName = z.enum(STAFF_ROLES);

/** GET admin/roles: the signed-in user's staff roles (empty for a player), to show the admin area. */
export const StaffRolesResponse = z.object({ roles: z.array(StaffRoleName) });
export type StaffRolesResponse = z.infer<typeof StaffRolesResponse>;

/** Spec §4 suspect reasons. AdminManualChange: an admin set the level (the record names the admin). */
export const SUSPECT_REASONS = ['PlayDeviation', 'BetDeviation', 'RateOfPlay', 'AdminManualChange', 'WinAfterPlayDeviation'] as const;
export type SuspectReason = (typeof SUSPECT_REASONS)[number];
/** Spec §4 suspect actions: the decisions a play deviation is judged on. */
export const SUSPECT_ACTIONS = ['Hit', 'Stand', 'Double', 'Split'] as const;
export type SuspectAction = (typeof SUSPECT_ACTIONS)[number];
/** A player's suspect level: the sum of the records' changes, kept within these bounds; an admin's change sets it. */
export const SUSPECT_LEVEL_MIN = 0;
export const SUSPECT_LEVEL_MAX = 100;

/** Paged lists: `offset` rows skipped, at most `limit` answered (default 50, at most 500). */
export const PAGE_LIMIT_DEFAULT = 50;
export const PAGE_LIMIT_MAX = 500;

// Every schema below is built by calls that start with `z.` or `queryInt(` (no spread of objects holding imported
// schemas, one `.check` rather than chained `.refine`s on an object): the client's bundler takes those as pure, so
// a page that imports only the constants and helpers of this module does not pull zod in.
const page = {
  offset: queryInt('offset', { min: 0, max: 1_000_000_000 }).default(0),
  limit: queryInt('limit', { min: 1, max: PAGE_LIMIT_MAX }).default(PAGE_LIMIT_DEFAULT),
};

/** What the players list sorts by: first sign-in, suspect level, bank, or last activity (the newest sign-in or hand). */
export const PLAYER_SORTS = ['created', 'suspect', 'bank', 'activity'] as const;
export type PlayerSort = (typeof PLAYER_SORTS)[number];
export const SORT_DIRECTIONS = ['desc', 'asc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];
/** Who a player is besides a player: `player` is anyone with no staff role. */
export const PLAYER_ROLE_FILTERS = ['admin', 'support', 'player'] as const;
export type PlayerRoleFilter = (typeof PLAYER_ROLE_FILTERS)[number];
/** The longest "active within N days" the list filters by. */
export const ACTIVE_DAYS_MAX = 3650;

/**
 * GET players?q&sort&dir&suspectMin&banned&role&activeDays&offset&limit: `q` matches part of the e-mail (any case), or a
 * whole player id; `sort` (default `created`) and `dir` (default `desc`) order the rows (players with no activity last);
 * `suspectMin` keeps suspect levels at or above it, `banned` `yes` or `no`, `role` a staff role or `player` (no role),
 * `activeDays` those who signed in or played within that many days.
 */
export const PlayersQuery = z
  .object({
    q: z.string().trim().max(254, 'q has at most 254 characters').default(''),
    sort: z.enum(PLAYER_SORTS, { error: `sort is one of ${PLAYER_SORTS.join(', ')}` }).default('created'),
    dir: z.enum(SORT_DIRECTIONS, { error: 'dir is desc or asc' }).default('desc'),
    suspectMin: queryInt('suspectMin', { min: SUSPECT_LEVEL_MIN, max: SUSPECT_LEVEL_MAX }).optional(),
    banned: z.enum(['yes', 'no'], { error: 'banned is yes or no' }).optional(),
    role: z.enum(PLAYER_ROLE_FILTERS, { error: `role is one of ${PLAYER_ROLE_FILTERS.join(', ')}` }).optional(),
    activeDays: queryInt('activeDays', { min: 1, max: ACTIVE_DAYS_MAX }).optional(),
  })
  .extend(page);
export type PlayersQuery = z.output<typeof PlayersQuery>;

/** One row of the admins' player table (spec §2 Players, §3 Player). */
export const AdminPlayer = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string().nullable(),
  /** First sign-in. */
  createdTime: z.string(),
  banned: z.boolean(),
  suspectLevel: z.number().int().min(SUSPECT_LEVEL_MIN).max(SUSPECT_LEVEL_MAX),
  handsPlayed: z.number().int(),
  totalBetAmount: Sats,
  level: z.number().int().min(0).max(4),
  bank: Sats,
  selfExclude: z.boolean(),
  /** The newest sign-in or hand; null before either. */
  lastActive: z.string().nullable(),
});
export type AdminPlayer = z.infer<typeof AdminPlayer>;

/** GET players: newest sign-up first. `total` counts every player the search matches. */
export const PlayerPage = z.object({ items: z.array(AdminPlayer), total: z.number().int(), offset: z.number().int(), limit: z.number().int() });
export type PlayerPage = z.infer<typeof PlayerPage>;

/** The `{level}` of POST players/{id}/suspect/{level}: a whole number from 0 to 100. */
export const SuspectLevelParam = z
  .string()
  .regex(/^\d{1,3}$/, `The suspect level is a whole number from ${SUSPECT_LEVEL_MIN} to ${SUSPECT_LEVEL_MAX}`)
  .transform(Number)
  .pipe(z.number().int().min(SUSPECT_LEVEL_MIN).max(SUSPECT_LEVEL_MAX, `The suspect level is a whole number from ${SUSPECT_LEVEL_MIN} to ${SUSPECT_LEVEL_MAX}`));

/** POST players/{id}/suspect/{level}: the level now. */
export const SuspectLevelResponse = z.object({ id: z.uuid(), suspectLevel: z.number().int() });
export type SuspectLevelResponse = z.infer<typeof SuspectLevelResponse>;

/** Spec §3 suspect record, with its id and, for an AdminManualChange, the admin who made it. */
export const SuspectRecordView = z.object({
  id: z.string(),
  /** When the event that raised it was recorded. */
  time: z.string(),
  handId: z.string().nullable(),
  playerHandValue: z.number().int().nullable(),
  dealerHandValue: z.number().int().nullable(),
  expectedAction: z.enum(SUSPECT_ACTIONS).nullable(),
  actualAction: z.enum(SUSPECT_ACTIONS).nullable(),
  /** Level points this record added (negative: an admin lowered the level). */
  suspectChange: z.number().int(),
  reason: z.enum(SUSPECT_REASONS),
  adminId: z.string().nullable(),
});
export type SuspectRecordView = z.infer<typeof SuspectRecordView>;

export const SuspectRecordsQuery = z.object(page);
export type SuspectRecordsQuery = z.output<typeof SuspectRecordsQuery>;

/** GET players/{id}/suspect: the level now and the records, newest first. */
export const SuspectRecordPage = z.object({
  playerId: z.uuid(),
  suspectLevel: z.number().int(),
  items: z.array(SuspectRecordView),
  total: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
});
export type SuspectRecordPage = z.infer<typeof SuspectRecordPage>;

/** GET players/{id}/hands?offset&limit: newest first; the answer stays a list of hands, `X-Total-Count` says how many there are. */
export const PlayerHandsQuery = z.object(page);
export type PlayerHandsQuery = z.output<typeof PlayerHandsQuery>;

// ------------------------------------------------------------------------------------------------
// A hand audited by replay: GET admin/hands/{id}/audit
// ------------------------------------------------------------------------------------------------

/** What a mismatch is about: a card the seeds do not give, a payout or decision the rules do not give, a ledger line the events do not give, a seed that does not match its hash. */
export const AUDIT_MISMATCH_KINDS = ['card', 'payout', 'decision', 'event', 'ledger', 'seed'] as const;
export type AuditMismatchKind = (typeof AUDIT_MISMATCH_KINDS)[number];
/** Each part of the audit: passed, failed (a mismatch names it), or unchecked (the note says why). */
export const AUDIT_CHECK_RESULTS = ['passed', 'failed', 'unchecked'] as const;
export type AuditCheckResult = (typeof AUDIT_CHECK_RESULTS)[number];

export const AuditMismatch = z.object({
  kind: z.enum(AUDIT_MISMATCH_KINDS),
  /** Revision of the stored event it is found in (null: a ledger row of the read model, or an event the replay expected and the store lacks). */
  revision: z.number().int().nullable(),
  /** Shoe position, for a card. */
  position: z.number().int().nullable(),
  /** The field that differs (`win`, `hands.0.returned`, `amount`), or null for a whole event or row. */
  field: z.string().nullable(),
  expected: z.unknown(),
  actual: z.unknown(),
  message: z.string(),
});
export type AuditMismatch = z.infer<typeof AuditMismatch>;

/** One stored event of the hand (and of its shoe), as the event store holds it. */
export const AuditEvent = z.object({ type: z.string(), time: z.string(), revision: z.number().int(), data: z.unknown() });
export type AuditEvent = z.infer<typeof AuditEvent>;

/** A card dealt: as recorded, and as the revealed seeds give that position (null while they are not revealed). */
export const AuditCard = z.object({
  revision: z.number().int(),
  position: z.number().int(),
  to: z.enum(['Player', 'Dealer']),
  handIndex: z.number().int(),
  faceDown: z.boolean(),
  card: Card,
  expected: z.nullable(Card),
  /** null: not checked (the house seed is not revealed yet). */
  matches: z.boolean().nullable(),
});
export type AuditCard = z.infer<typeof AuditCard>;

/** A player hand's payout: as recorded in HandSettled, and as the rules give it for the replayed hand. */
export const AuditPayout = z.object({
  handIndex: z.number().int(),
  outcome: z.string(),
  stake: Sats,
  returned: Sats,
  expectedOutcome: z.string().nullable(),
  expectedReturned: z.nullable(Sats),
  matches: z.boolean().nullable(),
});
export type AuditPayout = z.infer<typeof AuditPayout>;

/** The totals of a settlement (stakes and credits of each kind). */
export const AuditSettlement = z.object({
  bet: Sats,
  doubleBet: Sats,
  splitBet: Sats,
  insuranceBet: Sats,
  insuranceWin: Sats,
  win: Sats,
  push: Sats,
  evenMoney: Sats,
  totalBet: Sats,
  winAmount: Sats,
  net: z.number().int(),
  dealerScore: z.number().int(),
});
export type AuditSettlement = z.infer<typeof AuditSettlement>;

/** A ledger line the hand's events give (`id` as the ledger read model names it: `<event id>:<n>`). */
export const AuditLedgerLine = z.object({ id: z.string(), revision: z.number().int(), type: LedgerType, amount: z.number().int(), reference: z.string().nullable(), handId: z.string().nullable() });
export type AuditLedgerLine = z.infer<typeof AuditLedgerLine>;

export const HandAudit = z.object({
  handId: z.uuid(),
  playerId: z.uuid(),
  shoeId: z.uuid(),
  handNumber: z.number().int(),
  /** The hand settled (its payouts can be recomputed). */
  settled: z.boolean(),
  shoe: z.object({
    id: z.uuid(),
    /** The shoe has not retired: its house seed is not revealed, so the cards cannot be checked yet. */
    inPlay: z.boolean(),
    playerSeed: z.string().nullable(),
    /** Revealed at retirement; null while the shoe is in play. */
    houseSeed: z.string().nullable(),
    houseSeedHash: z.string().nullable(),
  }),
  /** Every stored event of the hand, and of its shoe (the house seed left out while the shoe is in play), in stream order. */
  timeline: z.array(AuditEvent),
  cards: z.array(AuditCard),
  payouts: z.array(AuditPayout),
  /** As recorded and as recomputed; null before the hand settles. */
  settlement: z.object({ recorded: AuditSettlement, expected: z.nullable(AuditSettlement) }).nullable(),
  ledger: z.object({
    /** The lines the hand's stored events give (domain ledger lines). */
    fromEvents: z.array(AuditLedgerLine),
    /** The lines the ledger read model holds for the hand. */
    readModel: z.array(LedgerEntry),
  }),
  checks: z.object({
    seeds: z.enum(AUDIT_CHECK_RESULTS),
    cards: z.enum(AUDIT_CHECK_RESULTS),
    decisions: z.enum(AUDIT_CHECK_RESULTS),
    payouts: z.enum(AUDIT_CHECK_RESULTS),
    ledger: z.enum(AUDIT_CHECK_RESULTS),
  }),
  /** True when nothing checked differs; `checks` says what could not be checked yet. */
  verified: z.boolean(),
  mismatches: z.array(AuditMismatch),
  /** What was not checked and why, in plain words. */
  notes: z.array(z.string()),
});
export type HandAudit = z.infer<typeof HandAudit>;

// ------------------------------------------------------------------------------------------------
// A player's ledger day rebuilt from events: GET / POST admin/players/{id}/ledger?date&tz
// ------------------------------------------------------------------------------------------------

/** A calendar date, YYYY-MM-DD. */
export const ISO_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** True when `date` is YYYY-MM-DD and names a real calendar day (2000-9999). */
export function isCalendarDate(date: string): boolean {
  if (!ISO_DATE_PATTERN.test(date)) return false;
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  if (y < 2000) return false;
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
}

/** A UTC offset `±HH:MM` from -12:00 to +14:00 (`Z` is +00:00). */
export const UTC_OFFSET_PATTERN = /^[+-](\d{2}):([0-5]\d)$/;

/** Minutes to add to UTC for local time (+03:00 → 180), or null when `tz` is not an offset from -12:00 to +14:00. */
export function offsetMinutes(tz: string): number | null {
  if (tz === 'Z') return 0;
  const match = UTC_OFFSET_PATTERN.exec(tz);
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  const signed = tz.startsWith('-') ? -minutes : minutes;
  return signed < -12 * 60 || signed > 14 * 60 ? null : signed;
}

/**
 * `?date=YYYY-MM-DD&tz=+03:00`: the player's local calendar day at that UTC offset (default +00:00). A `+`
 * sent unencoded in a query string arrives as a space, so a leading space reads as `+`.
 */
export const LedgerDayQuery = z.object({
  date: z.string({ error: 'date is a date, YYYY-MM-DD' }).refine(isCalendarDate, 'date is a date, YYYY-MM-DD'),
  tz: z
    .string()
    .default('+00:00')
    .transform((tz) => (tz.startsWith(' ') ? `+${tz.slice(1)}` : tz))
    .refine((tz) => offsetMinutes(tz) !== null, 'tz is a UTC offset from -12:00 to +14:00, like +03:00'),
});
export type LedgerDayQuery = z.output<typeof LedgerDayQuery>;

/** A ledger row that both sides hold under one id, and the fields that differ. */
export const LedgerRowChange = z.object({ id: z.string(), fields: z.array(z.string()), fromEvents: LedgerEntry, readModel: LedgerEntry });
export type LedgerRowChange = z.infer<typeof LedgerRowChange>;

export const LedgerDifference = z.object({
  /** Lines the events give that the read model lacks. */
  missing: z.array(LedgerEntry),
  /** Rows the read model holds for the day that no event gives. */
  extra: z.array(LedgerEntry),
  changed: z.array(LedgerRowChange),
});
export type LedgerDifference = z.infer<typeof LedgerDifference>;

export const LedgerDayReport = z.object({
  playerId: z.uuid(),
  date: z.string(),
  tz: z.string(),
  /** The day as a UTC range [from, to). */
  from: z.string(),
  to: z.string(),
  /** The day's lines folded straight from the player's account events, in order. */
  fromEvents: z.array(LedgerEntry),
  /** The ledger read model's rows for the day, in order. */
  readModel: z.array(LedgerEntry),
  difference: LedgerDifference,
  /** True when the read model holds exactly what the events give. */
  matches: z.boolean(),
});
export type LedgerDayReport = z.infer<typeof LedgerDayReport>;

/** POST admin/players/{id}/ledger?date&tz with `{repair: true}`. */
export const LedgerRepairRequest = z.object({
  repair: z.literal(true, { error: 'send {"repair": true} to rewrite the day from the events' }),
  /** Why the day is rewritten (3–500 characters): kept in LedgerDayRepaired and the audit log. */
  reason: z
    .string({ error: 'A reason is required.' })
    .trim()
    .min(3, 'Give a reason of at least 3 characters.')
    .max(500, 'A reason has at most 500 characters.'),
});
export type LedgerRepairRequest = z.infer<typeof LedgerRepairRequest>;

/** What the repair rewrote (`fixed`; nothing when the day already matched) and the day after it. */
export const LedgerRepairResponse = z.object({ repaired: z.boolean(), fixed: LedgerDifference, report: LedgerDayReport });
export type LedgerRepairResponse = z.infer<typeof LedgerRepairResponse>;

// ------------------------------------------------------------------------------------------------
// Reconciliation: GET admin/reconciliation, POST admin/reconciliation/run, POST admin/reconciliation/{playerId}/repair
// ------------------------------------------------------------------------------------------------

/** The longest reason an admin may give for rebuilding a player's read models. */
export const RECONCILIATION_REASON_MAX = 500;

/** Ledger rows that differ from what the account events give, by kind (counts). */
export const LedgerRowCounts = z.object({ missing: z.number().int(), extra: z.number().int(), changed: z.number().int() });
export type LedgerRowCounts = z.infer<typeof LedgerRowCounts>;

/**
 * A player whose three figures do not agree: the bank read model (`banks`), the sum of their ledger rows
 * (`ledger_entries`) and the bank folded from their account events (`events`, the one that decides), all in
 * satoshis; `ledgerRows` counts the rows that differ from the events even where the sums agree.
 */
export const ReconciliationDifference = z.object({
  playerId: z.uuid(),
  email: z.string(),
  name: z.string().nullable(),
  bankReadModel: z.number().int(),
  ledgerSum: z.number().int(),
  events: z.number().int(),
  ledgerRows: LedgerRowCounts,
  checkedAt: z.string(),
});
export type ReconciliationDifference = z.infer<typeof ReconciliationDifference>;

/** One run of the check: when, over how many players, how long it took, and every difference found. */
export const ReconciliationRun = z.object({
  checkedAt: z.string(),
  playersChecked: z.number().int(),
  durationMs: z.number().int(),
  differences: z.array(ReconciliationDifference),
});
export type ReconciliationRun = z.infer<typeof ReconciliationRun>;

/** GET admin/reconciliation: the last run (null before the first). */
export const ReconciliationReport = z.object({ lastRun: ReconciliationRun.nullable() });
export type ReconciliationReport = z.infer<typeof ReconciliationReport>;

/** POST admin/reconciliation/{playerId}/repair: why (stored in the event). */
export const ReconciliationRepairRequest = z.object({
  reason: z
    .string({ error: 'A reason is required.' })
    .trim()
    .min(3, 'Give a reason of at least 3 characters.')
    .max(RECONCILIATION_REASON_MAX, `A reason has at most ${RECONCILIATION_REASON_MAX} characters.`),
});
export type ReconciliationRepairRequest = z.output<typeof ReconciliationRepairRequest>;

/** What the rebuild changed (`repaired` false: the player already matched) and whether the three figures now agree. */
export const ReconciliationRepairResponse = z.object({
  repaired: z.boolean(),
  bank: z.object({ from: z.number().int(), to: z.number().int() }),
  ledger: LedgerRowCounts,
  matches: z.boolean(),
});
export type ReconciliationRepairResponse = z.infer<typeof ReconciliationRepairResponse>;

// ------------------------------------------------------------------------------------------------
// Analytics: GET admin/analytics?from&to
// ------------------------------------------------------------------------------------------------

/** Most days one analytics answer covers. */
export const ANALYTICS_MAX_DAYS = 366;

/** `?from=YYYY-MM-DD&to=YYYY-MM-DD`: UTC days, both included, at most 366. */
export const AnalyticsQuery = z
  .object({
    from: z.string({ error: 'from is a date, YYYY-MM-DD' }).refine(isCalendarDate, 'from is a date, YYYY-MM-DD'),
    to: z.string({ error: 'to is a date, YYYY-MM-DD' }).refine(isCalendarDate, 'to is a date, YYYY-MM-DD'),
  })
  .check((ctx) => {
    if (ctx.value.from > ctx.value.to) ctx.issues.push({ code: 'custom', message: 'from must not be after to', path: ['from'], input: ctx.value });
    else if ((Date.parse(ctx.value.to) - Date.parse(ctx.value.from)) / 86_400_000 >= ANALYTICS_MAX_DAYS) ctx.issues.push({ code: 'custom', message: `at most ${ANALYTICS_MAX_DAYS} days at a time`, path: ['to'], input: ctx.value });
  });
export type AnalyticsQuery = z.output<typeof AnalyticsQuery>;

const AnalyticsFigures = {
  /** Hands settled. */
  hands: z.number().int(),
  /** Players who settled a hand. */
  activePlayers: z.number().int(),
  /** Everything staked on the settled hands: bets, doubles, splits, insurance. */
  wagered: Sats,
  /** Everything those hands paid back, stakes included. */
  returned: Sats,
  /** Gross gaming revenue: wagered − returned. */
  grossGamingRevenue: z.number().int(),
  /** GGR ÷ wagered, as a percentage; null without a wager. */
  realisedEdgePercent: z.number().nullable(),
  /** The published edge per satoshi wagered (contracts house-edge) for the levels the hands were played at, weighted by their wagers; null without a wager. */
  publishedEdgePercent: z.number().nullable(),
  /** Credited deposits (on-chain and Lightning) and how many. */
  deposits: Sats,
  depositCount: z.number().int(),
  /** Withdrawals requested (debited at request) and how many; declined and cancelled ones are refunded under `withdrawalsRefunded`. */
  withdrawals: Sats,
  withdrawalCount: z.number().int(),
  withdrawalsRefunded: Sats,
};

export const AnalyticsDay = z.object({ date: z.string() }).extend(AnalyticsFigures);
export type AnalyticsDay = z.infer<typeof AnalyticsDay>;

/** How many and how many satoshis. */
const CountAndSats = z.object({ count: z.number().int(), sats: Sats });

/**
 * Withdrawals over the range, each counted on the day of its own step: requested (when asked), paid (when the
 * payout went through), declined (when staff refused it) and cancelled (when the player took it back).
 */
export const AnalyticsWithdrawals = z.object({ requested: CountAndSats, paid: CountAndSats, declined: CountAndSats, cancelled: CountAndSats });
export type AnalyticsWithdrawals = z.infer<typeof AnalyticsWithdrawals>;

/**
 * The realised house edge of the hands settled in the range (house net ÷ staked) with its sample and a 95%
 * confidence interval (normal approximation: the house net of each hand is one draw; the standard error of
 * the edge is √(n · s²) ÷ staked, s² the sample variance of the per-hand house nets), beside the published
 * edge per satoshi wagered for the levels those hands were played at.
 */
export const AnalyticsEdge = z.object({
  hands: z.number().int(),
  staked: Sats,
  /** Staked − returned over the hands: positive when the house won. */
  houseNet: z.number().int(),
  realisedPercent: z.number().nullable(),
  /** One standard error of the realised edge, in percentage points; null under two hands. */
  standardErrorPercent: z.number().nullable(),
  lowPercent: z.number().nullable(),
  highPercent: z.number().nullable(),
  publishedPercent: z.number().nullable(),
});
export type AnalyticsEdge = z.infer<typeof AnalyticsEdge>;

/** Suspect level bands players are grouped by, lowest first: [min, max] both included. */
export const SUSPECT_BANDS = [
  { min: 0, max: 0 },
  { min: 1, max: 49 },
  { min: 50, max: 79 },
  { min: 80, max: 100 },
] as const;

/** The hands of the range of the players whose suspect level (now) is in one band. */
export const AnalyticsLevelBand = z.object({
  min: z.number().int(),
  max: z.number().int(),
  players: z.number().int(),
  hands: z.number().int(),
  staked: Sats,
  houseNet: z.number().int(),
  realisedPercent: z.number().nullable(),
});
export type AnalyticsLevelBand = z.infer<typeof AnalyticsLevelBand>;

/** What analytics explains beside the daily figures: withdrawals by outcome, the realised edge and the results by suspect level. */
export const AnalyticsDetail = z.object({ withdrawals: AnalyticsWithdrawals, edge: AnalyticsEdge, levels: z.array(AnalyticsLevelBand) });
export type AnalyticsDetail = z.infer<typeof AnalyticsDetail>;

/** Every day of the range (days without activity as zeros), the range's totals (active players counted once), and what explains them. */
export const AnalyticsReport = z.object({ from: z.string(), to: z.string(), days: z.array(AnalyticsDay), totals: z.object(AnalyticsFigures), detail: AnalyticsDetail });
export type AnalyticsReport = z.infer<typeof AnalyticsReport>;


// ------------------------------------------------------------------------------------------------
// Staff audit trail: GET admin/audit-log (and .csv); the reasons staff give
// ------------------------------------------------------------------------------------------------

/** A reason staff give for a decision that needs one (ban, suspect level, ledger repair): 3–500 characters. */
export const STAFF_REASON_MIN = 3;
export const STAFF_REASON_MAX = 500;
export const StaffReason = z
  .string({ error: 'A reason is required.' })
  .trim()
  .min(STAFF_REASON_MIN, `Give a reason of at least ${STAFF_REASON_MIN} characters.`)
  .max(STAFF_REASON_MAX, `A reason has at most ${STAFF_REASON_MAX} characters.`);
/** The body of a staff decision that needs a reason. */
export const StaffReasonRequest = z.object({ reason: StaffReason });
export type StaffReasonRequest = z.infer<typeof StaffReasonRequest>;
/** The body of a staff decision where a reason is welcome but not required (unban, a declined withdrawal). */
export const OptionalStaffReasonRequest = z.object({ reason: StaffReason.optional() }).optional();
export type OptionalStaffReasonRequest = z.infer<typeof OptionalStaffReasonRequest>;

/** What staff did, as the audit trail names it: every staff command is one of these. */
export const AUDIT_ACTIONS = [
  'Ban',
  'Unban',
  'SuspectLevel',
  'WithdrawalFirstApproved',
  'WithdrawalApproved',
  'WithdrawalDeclined',
  'PayoutRetried',
  'HeldDepositReleased',
  'HeldDepositRefunded',
  'RedeemCodeCreated',
  'BrandCreated',
  'BrandUpdated',
  'LedgerDayRepaired',
  'ReadModelsRebuilt',
  'RoleGranted',
  'RoleRevoked',
  'StaffNote',
  'BrandRetired',
  'LiabilitiesCommitted',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** GET admin/audit-log?action&staff&player&from&to&offset&limit: newest first; `staff` matches part of the e-mail. */
export const AuditLogQuery = z
  .object({
    action: z.enum(AUDIT_ACTIONS, { error: 'Unknown action.' }).optional(),
    staff: z.string().trim().max(254, 'staff has at most 254 characters').default(''),
    player: z.uuid('player is a player id').optional(),
    from: z.string().refine(isCalendarDate, 'from is a date, YYYY-MM-DD').optional(),
    to: z.string().refine(isCalendarDate, 'to is a date, YYYY-MM-DD').optional(),
  })
  .extend(page);
export type AuditLogQuery = z.output<typeof AuditLogQuery>;

/** One staff decision: who, what, on whom, when, why, and the state before and after it. */
export const AuditEntry = z.object({
  /** The event's place in the store: unique and in time order. */
  id: z.string(),
  at: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  /** The staff member's player id, or the e-mail for role changes made from the settings. */
  staffId: z.string(),
  staffEmail: z.string().nullable(),
  /** What the decision was about: a player id, withdrawal id, deposit, code, brand id or e-mail. */
  subject: z.string(),
  playerId: z.string().nullable(),
  playerEmail: z.string().nullable(),
  /** Satoshis the decision moved or granted (a declined withdrawal, a released deposit, a code's bonus); null otherwise. */
  amount: z.number().int().nullable(),
  reason: z.string().nullable(),
  /** The state the decision changed, before and after ("active" → "banned", "12" → "40", "Created" → "Approved", …). */
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditLogPage = z.object({ items: z.array(AuditEntry), total: z.number().int() });
export type AuditLogPage = z.infer<typeof AuditLogPage>;

/** The columns of the audit log's CSV export, in order (the API's field names). */
export const AUDIT_CSV_COLUMNS = ['at', 'action', 'staffEmail', 'staffId', 'subject', 'playerEmail', 'playerId', 'amount', 'reason', 'before', 'after', 'id'] as const;
