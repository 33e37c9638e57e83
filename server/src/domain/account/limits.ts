import { DomainError, type DomainEvent } from '../decider';
import { type PlayerStanding, refuseBanned } from './standing';

/**
 * Limits a player sets on themself: deposits and losses over a rolling day, week (7 days) and month
 * (30 days), and a reminder every N minutes of play. Lowering a limit (or setting one where there was
 * none) takes effect at once; raising or removing one only after 24 hours, so a decision made in the heat
 * of a session cannot undo a limit made in a calm moment.
 */
export const LIMIT_KINDS = ['dailyDeposit', 'weeklyDeposit', 'monthlyDeposit', 'dailyLoss', 'weeklyLoss', 'monthlyLoss', 'sessionReminderMinutes'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];

const DAY = 86_400_000;
/** The rolling window each money limit counts over. */
export const LIMIT_WINDOWS_MS = { dailyDeposit: DAY, weeklyDeposit: 7 * DAY, monthlyDeposit: 30 * DAY, dailyLoss: DAY, weeklyLoss: 7 * DAY, monthlyLoss: 30 * DAY } as const;
const DEPOSIT_LIMITS = ['dailyDeposit', 'weeklyDeposit', 'monthlyDeposit'] as const;
const LOSS_LIMITS = ['dailyLoss', 'weeklyLoss', 'monthlyLoss'] as const;
/** How long a raised or removed limit waits before it applies. */
export const LIMIT_COOLING_OFF_MS = DAY;
/** History older than the longest window is not kept. */
const KEEP_MS = 30 * DAY;

export interface LimitChange {
  kind: LimitKind;
  /** Null removes the limit. */
  value: number | null;
  /** When it applies: the change's time for a tighter limit, 24 hours later for a looser one. */
  effectiveAt: string;
}

export type LimitEvent = DomainEvent<'LimitsChanged', { changes: LimitChange[]; changedAt: string }>;

export type LimitCommand = { type: 'SetLimits'; limits: Partial<Record<LimitKind, number | null>>; standing: PlayerStanding; now: string };

export interface LimitSetting {
  value: number | null;
  /** A looser value waiting for its 24 hours. */
  pending: { value: number | null; effectiveAt: string } | null;
}

/** [time in milliseconds since the epoch, satoshis]; a list of them is kept in time order. */
export type TimedAmount = readonly [number, number];

export interface LimitsState {
  settings: Readonly<Record<LimitKind, LimitSetting>>;
  /** Credited deposits of the last 30 days, oldest first: [time credited, amount]. */
  deposits: readonly TimedAmount[];
  /** Net results of the hands settled in the last 30 days, oldest first: [time the hand opened, net]. */
  results: readonly TimedAmount[];
  /** When the hand in play (or the last one) opened, in milliseconds since the epoch. */
  handOpenedAt: number | null;
}

const NONE: LimitSetting = { value: null, pending: null };

export const initialLimitsState = (): LimitsState => ({
  settings: Object.fromEntries(LIMIT_KINDS.map((k) => [k, NONE])) as Record<LimitKind, LimitSetting>,
  deposits: [],
  results: [],
  handOpenedAt: null,
});

/** The value of a limit at `now` (a pending value once its time has come). */
export function effectiveLimit(setting: LimitSetting, now: string): number | null {
  return setting.pending && setting.pending.effectiveAt <= now ? setting.pending.value : setting.value;
}

const tighter = (next: number | null, current: number | null) => next !== null && (current === null || next <= current);

export function decideLimits(command: LimitCommand, state: { readonly limits: LimitsState }): LimitEvent[] {
  refuseBanned(command.standing);
  const changes: LimitChange[] = [];
  for (const kind of LIMIT_KINDS) {
    if (!(kind in command.limits)) continue;
    const value = command.limits[kind] ?? null;
    if (value !== null && (!Number.isSafeInteger(value) || value < 0)) throw new DomainError('ValidationFailed', `${kind} must be a whole number of ${kind === 'sessionReminderMinutes' ? 'minutes' : 'satoshis'} or null.`);
    const setting = state.limits.settings[kind];
    const current = effectiveLimit(setting, command.now);
    const waiting = setting.pending && setting.pending.effectiveAt > command.now ? setting.pending : null;
    if (value === current && !waiting) continue;
    const effectiveAt = tighter(value, current) ? command.now : new Date(Date.parse(command.now) + LIMIT_COOLING_OFF_MS).toISOString();
    if (waiting && waiting.value === value && effectiveAt !== command.now) continue;
    changes.push({ kind, value, effectiveAt });
  }
  return changes.length ? [{ type: 'LimitsChanged', data: { changes, changedAt: command.now } }] : [];
}

/** The index of the first entry later than `since` (entries in time order): a binary search. */
function firstAfter(entries: readonly TimedAmount[], since: number): number {
  let lo = 0;
  let hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (entries[mid]![0] > since) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

function sumSince(entries: readonly TimedAmount[], since: number): number {
  let sum = 0;
  for (let i = firstAfter(entries, since); i < entries.length; i++) sum += entries[i]![1];
  return sum;
}

type UsageKind = (typeof DEPOSIT_LIMITS)[number] | (typeof LOSS_LIMITS)[number];

/** Satoshis deposited or lost within the window of `kind` up to `t` (milliseconds). */
function usageOf(state: LimitsState, kind: UsageKind, t: number): number {
  const since = t - LIMIT_WINDOWS_MS[kind];
  return kind.endsWith('Deposit') ? sumSince(state.deposits, since) : Math.max(0, -sumSince(state.results, since));
}

/** Satoshis deposited and lost within each limit's window up to `now`. */
export function limitUsage(state: LimitsState, now: string): Record<UsageKind, number> {
  const t = Date.parse(now);
  const out = {} as Record<UsageKind, number>;
  for (const kind of [...DEPOSIT_LIMITS, ...LOSS_LIMITS]) out[kind] = usageOf(state, kind, t);
  return out;
}

/** The refusal names the limit and what its window has used, for the player's message (`detail.reason` Deposit or Loss). */
const reached = (kind: LimitKind, limit: number, used: number) =>
  new DomainError('LimitReached', `That would go past your ${kind} limit of ${limit} satoshis (${used} used).`, {
    reason: kind.endsWith('Deposit') ? 'Deposit' : 'Loss', kind, limit, used,
  });

/**
 * Refuses (LimitReached) once a deposit limit is used up, counting the invoices still open: no new deposit
 * address then, and the address given earlier is not shown again either.
 */
export function assertDepositRoom(state: LimitsState, now: string, openInvoices: () => number = () => 0): void {
  for (const kind of DEPOSIT_LIMITS) {
    const limit = effectiveLimit(state.settings[kind], now);
    if (limit === null) continue;
    const used = usageOf(state, kind, Date.parse(now)) + openInvoices();
    if (used >= limit) throw reached(kind, limit, used);
  }
}

/**
 * Refuses what the player's own limits forbid: an invoice that would take the deposits of a window past
 * its limit, a new deposit address once a deposit limit is used up, a deal whose stake could take the
 * losses of a window past its limit. `openInvoices`: the sats of the player's invoices still open, counted
 * with the deposits (an invoice open now may be paid within any window); asked only where a deposit limit is set.
 */
export function assertWithinLimits(events: readonly { type: string; data: unknown }[], state: LimitsState, now: string, openInvoices: () => number = () => 0): void {
  for (const e of events) {
    const deposit = e.type === 'LightningInvoiceCreated' ? (e.data as { amount: number }).amount : e.type === 'BitcoinAddressAssigned' ? 0 : null;
    const stake = e.type === 'HandStarted' ? (e.data as { bet: number }).bet : null;
    if (deposit === 0) assertDepositRoom(state, now, openInvoices);
    else if (deposit !== null) {
      for (const kind of DEPOSIT_LIMITS) {
        const limit = effectiveLimit(state.settings[kind], now);
        if (limit === null) continue;
        const used = usageOf(state, kind, Date.parse(now)) + openInvoices();
        if (used + deposit > limit) throw reached(kind, limit, used);
      }
    }
    if (stake !== null) {
      // Only a limit that is set costs a sum over its window.
      for (const kind of LOSS_LIMITS) {
        const limit = effectiveLimit(state.settings[kind], now);
        if (limit === null) continue;
        const used = usageOf(state, kind, Date.parse(now));
        if (used + stake > limit) throw reached(kind, limit, used);
      }
    }
  }
}

/**
 * The entries of the last 30 days before the newest, with `entry` in its place by time: a copy, as
 * evolve makes, but the old entries are found by a binary search and the new one goes at the end
 * unless its time is earlier (a deposit confirmed out of order).
 */
function recent(entries: readonly TimedAmount[], entry: TimedAmount): TimedAmount[] {
  const newest = Math.max(entry[0], entries.length ? entries[entries.length - 1]![0] : entry[0]);
  const from = firstAfter(entries, newest - KEEP_MS);
  const at = firstAfter(entries, entry[0]);
  const out = entries.slice(from, Math.max(from, at));
  if (entry[0] > newest - KEEP_MS) out.push(entry);
  for (let i = Math.max(from, at); i < entries.length; i++) out.push(entries[i]!);
  return out;
}

export function evolveLimits(state: LimitsState, event: { type: string; data: unknown }): LimitsState {
  switch (event.type) {
    case 'LimitsChanged': {
      const d = (event as LimitEvent).data;
      const settings = { ...state.settings };
      for (const c of d.changes) {
        const before = settings[c.kind];
        const settled: LimitSetting = { value: effectiveLimit(before, d.changedAt), pending: null };
        settings[c.kind] = c.effectiveAt <= d.changedAt ? { value: c.value, pending: null } : { ...settled, pending: { value: c.value, effectiveAt: c.effectiveAt } };
      }
      return { ...state, settings };
    }
    case 'BitcoinDepositConfirmed': {
      const d = event.data as { amount: number; confirmedAt: string };
      return { ...state, deposits: recent(state.deposits, [Date.parse(d.confirmedAt), d.amount]) };
    }
    case 'LightningInvoiceSettled': {
      const d = event.data as { amount: number; settledAt: string };
      return { ...state, deposits: recent(state.deposits, [Date.parse(d.settledAt), d.amount]) };
    }
    case 'HandOpened':
      return { ...state, handOpenedAt: Date.parse((event.data as { openedAt: string }).openedAt) };
    case 'HandSettled':
      return state.handOpenedAt !== null ? { ...state, results: recent(state.results, [state.handOpenedAt, (event.data as { net: number }).net]) } : state;
    default:
      return state;
  }
}
