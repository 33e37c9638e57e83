import type { LimitKind, LimitSettingView, PlayerLimits } from '@bahati/contracts';
import type { TFunction } from 'i18next';
import { parseAmount, type AmountProblem } from '@/components/amount/amount-input';

/** The limits' kinds, how a typed value is checked and what saving it would do: the rules of the limits form. */
export const DEPOSIT_KINDS = ['dailyDeposit', 'weeklyDeposit', 'monthlyDeposit'] as const satisfies readonly LimitKind[];
export const LOSS_KINDS = ['dailyLoss', 'weeklyLoss', 'monthlyLoss'] as const satisfies readonly LimitKind[];
export type MoneyKind = (typeof DEPOSIT_KINDS)[number] | (typeof LOSS_KINDS)[number];
export const REMINDER = 'sessionReminderMinutes' satisfies LimitKind;
export const KINDS: readonly LimitKind[] = [...DEPOSIT_KINDS, ...LOSS_KINDS, REMINDER];
/** The server takes a reminder of 1 to 1,440 minutes (24 hours). */
const MAX_REMINDER_MINUTES = 1440;

export type Problem = AmountProblem | 'minutes';
export type Checked = { value: number | null } | { problem: Problem };
/** What the player typed in a field, and whether they asked to keep the setting in force (cancelling a waiting change). */
export type Draft = { text: string; keep: boolean };
export type Drafts = Record<LimitKind, Draft>;
/** What saving a field would do: nothing, apply at once, wait 24 hours, or cancel the waiting change. */
export type Effect = 'none' | 'now' | 'new' | 'later' | 'remove' | 'keep' | 'waiting';

export function check(kind: LimitKind, text: string): Checked {
  const parsed = parseAmount(text);
  if ('problem' in parsed || kind !== REMINDER || parsed.value === null) return parsed;
  return parsed.value >= 1 && parsed.value <= MAX_REMINDER_MINUTES ? parsed : { problem: 'minutes' };
}

/** The same rule as the server's: a lower limit, or one where there was none, is stricter and applies at once. */
export function effectOf(setting: LimitSettingView, value: number | null, keep: boolean): Effect {
  if (value === setting.value) return keep && setting.pending ? 'keep' : 'none';
  if (setting.pending && setting.pending.value === value) return 'waiting';
  if (value === null) return 'remove';
  if (setting.value === null) return 'new';
  return value < setting.value ? 'now' : 'later';
}

export function draftsFrom(data: PlayerLimits, group: (n: number) => string): Drafts {
  const drafts = {} as Drafts;
  for (const kind of KINDS) {
    const value = data.limits[kind]?.value ?? null;
    drafts[kind] = { text: value === null ? '' : group(value), keep: false };
  }
  return drafts;
}

export const NONE: LimitSettingView = { value: null, pending: null };

export interface Saved {
  now: { kind: LimitKind; value: number | null }[];
  later: { kind: LimitKind; value: number | null; effectiveAt: string }[];
}

/** "20,000 sats", "Every 30 minutes", "No limit", "Off". */
export function describe(t: TFunction, kind: LimitKind, value: number | null, group: (n: number) => string): string {
  if (kind === REMINDER) return value === null ? t('profile.limits.reminderOff') : t('profile.limits.everyMinutes', { count: value });
  return value === null ? t('profile.limits.noLimit') : t('profile.limits.valueSats', { amount: group(value) });
}
