import { DomainError, type DomainEvent } from '../decider';

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

export type LimitCommand = { type: 'SetLimits'; limits: Partial<Record<LimitKind, number | null>>; now: string };

export interface LimitSetting {
  value: number | null;
  /** A looser value waiting for its 24 hours. */
  pending: { value: number | null; effectiveAt: string } | null;
}

export interface LimitsState {
  settings: Readonly<Record<LimitKind, LimitSetting>>;
  /** Credited deposits of the last 30 days: [time, amount]. */
  deposits: readonly (readonly [string, number])[];
  /** Net results of the hands settled in the last 30 days: [time the hand opened, net]. */
  results: readonly (readonly [string, number])[];
  /** When the hand in play (or the last one) opened. */
  handOpenedAt: string | null;
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

function sumSince(entries: readonly (readonly [string, number])[], since: number): number {
  let sum = 0;
  for (const [at, amount] of entries) if (Date.parse(at) > since) sum += amount;
  return sum;
}

/** Satoshis deposited and lost within each limit's window up to `now`. */
export function limitUsage(state: LimitsState, now: string): Record<(typeof DEPOSIT_LIMITS)[number] | (typeof LOSS_LIMITS)[number], number> {
  const t = Date.parse(now);
  const out = {} as Record<(typeof DEPOSIT_LIMITS)[number] | (typeof LOSS_LIMITS)[number], number>;
  for (const kind of DEPOSIT_LIMITS) out[kind] = sumSince(state.deposits, t - LIMIT_WINDOWS_MS[kind]);
  for (const kind of LOSS_LIMITS) out[kind] = Math.max(0, -sumSince(state.results, t - LIMIT_WINDOWS_MS[kind]));
  return out;
}

const reached = (kind: LimitKind, limit: number) => new DomainError('LimitReached', `That would go past your ${kind} limit of ${limit} satoshis.`);

/**
 * Refuses what the player's own limits forbid: an invoice that would take the deposits of a window past
 * its limit, a new deposit address once a deposit limit is used up, a deal whose stake could take the
 * losses of a window past its limit.
 */
export function assertWithinLimits(events: readonly { type: string; data: unknown }[], state: LimitsState, now: string): void {
  for (const e of events) {
    const deposit = e.type === 'LightningInvoiceCreated' ? (e.data as { amount: number }).amount : e.type === 'BitcoinAddressAssigned' ? 0 : null;
    const stake = e.type === 'HandStarted' ? (e.data as { bet: number }).bet : null;
    if (deposit === null && stake === null) continue;
    const usage = limitUsage(state, now);
    for (const kind of deposit === null ? [] : DEPOSIT_LIMITS) {
      const limit = effectiveLimit(state.settings[kind], now);
      if (limit !== null && (deposit === 0 ? usage[kind] >= limit : usage[kind] + deposit! > limit)) throw reached(kind, limit);
    }
    for (const kind of stake === null ? [] : LOSS_LIMITS) {
      const limit = effectiveLimit(state.settings[kind], now);
      if (limit !== null && usage[kind] + stake! > limit) throw reached(kind, limit);
    }
  }
}

function recent(entries: readonly (readonly [string, number])[], entry: readonly [string, number]) {
  const since = Date.parse(entry[0]) - KEEP_MS;
  return [...entries.filter(([at]) => Date.parse(at) > since), entry];
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
      return { ...state, deposits: recent(state.deposits, [d.confirmedAt, d.amount]) };
    }
    case 'LightningInvoiceSettled': {
      const d = event.data as { amount: number; settledAt: string };
      return { ...state, deposits: recent(state.deposits, [d.settledAt, d.amount]) };
    }
    case 'HandOpened':
      return { ...state, handOpenedAt: (event.data as { openedAt: string }).openedAt };
    case 'HandSettled':
      return state.handOpenedAt ? { ...state, results: recent(state.results, [state.handOpenedAt, (event.data as { net: number }).net]) } : state;
    default:
      return state;
  }
}
