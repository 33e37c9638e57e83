import type { LimitKind, LimitSettingView, LimitsRequest, PlayerLimits } from '@bahati/contracts';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useLocation } from 'react-router-dom';
import { AmountInput, parseAmount, useAmountProblemText, type AmountProblem } from '@/components/amount/amount-input';
import { SatsAmount, useSatsFormat } from '@/components/amount/sats-amount';
import { useDateTimeFormat } from '@/components/format/format';
import { apiErrorMessage, useGetLimitsQuery } from '@/lib/api';
import { useSetLimitsMutation } from './profile-api';
import styles from './limits.module.css';

/** The profile links here (`/profile#limits`), and so do the refusals of a deposit or a deal. */
export const LIMITS_ANCHOR = 'limits';

const DEPOSIT_KINDS = ['dailyDeposit', 'weeklyDeposit', 'monthlyDeposit'] as const satisfies readonly LimitKind[];
const LOSS_KINDS = ['dailyLoss', 'weeklyLoss', 'monthlyLoss'] as const satisfies readonly LimitKind[];
type MoneyKind = (typeof DEPOSIT_KINDS)[number] | (typeof LOSS_KINDS)[number];
const REMINDER = 'sessionReminderMinutes' satisfies LimitKind;
const KINDS: readonly LimitKind[] = [...DEPOSIT_KINDS, ...LOSS_KINDS, REMINDER];
/** The server takes a reminder of 1 to 1,440 minutes (24 hours). */
const MAX_REMINDER_MINUTES = 1440;

type Problem = AmountProblem | 'minutes';
type Checked = { value: number | null } | { problem: Problem };
/** What the player typed in a field, and whether they asked to keep the setting in force (cancelling a waiting change). */
type Draft = { text: string; keep: boolean };
type Drafts = Record<LimitKind, Draft>;
/** What saving a field would do: nothing, apply at once, wait 24 hours, or cancel the waiting change. */
type Effect = 'none' | 'now' | 'new' | 'later' | 'remove' | 'keep' | 'waiting';

function check(kind: LimitKind, text: string): Checked {
  const parsed = parseAmount(text);
  if ('problem' in parsed || kind !== REMINDER || parsed.value === null) return parsed;
  return parsed.value >= 1 && parsed.value <= MAX_REMINDER_MINUTES ? parsed : { problem: 'minutes' };
}

/** The same rule as the server's: a lower limit, or one where there was none, is stricter and applies at once. */
function effectOf(setting: LimitSettingView, value: number | null, keep: boolean): Effect {
  if (value === setting.value) return keep && setting.pending ? 'keep' : 'none';
  if (setting.pending && setting.pending.value === value) return 'waiting';
  if (value === null) return 'remove';
  if (setting.value === null) return 'new';
  return value < setting.value ? 'now' : 'later';
}

function draftsFrom(data: PlayerLimits, group: (n: number) => string): Drafts {
  const drafts = {} as Drafts;
  for (const kind of KINDS) {
    const value = data.limits[kind]?.value ?? null;
    drafts[kind] = { text: value === null ? '' : group(value), keep: false };
  }
  return drafts;
}

const NONE: LimitSettingView = { value: null, pending: null };

interface Saved {
  now: { kind: LimitKind; value: number | null }[];
  later: { kind: LimitKind; value: number | null; effectiveAt: string }[];
}

/** "20,000 sats", "Every 30 minutes", "No limit", "Off". */
function describe(t: TFunction, kind: LimitKind, value: number | null, group: (n: number) => string): string {
  if (kind === REMINDER) return value === null ? t('profile.limits.reminderOff') : t('profile.limits.everyMinutes', { count: value });
  return value === null ? t('profile.limits.noLimit') : t('profile.limits.valueSats', { amount: group(value) });
}

/**
 * The player's own limits (decisions.md, "Player safety"): six money limits over rolling windows and the
 * session reminder. Each field shows what is in force, what its window has used and any change waiting
 * for its 24 hours; before saving it says whether the new value would apply at once or after 24 hours.
 * Save sends only the fields whose value changed.
 */
export function LimitsSection() {
  const { t } = useTranslation();
  const id = useId();
  const location = useLocation();
  const format = useSatsFormat();
  const formatDate = useDateTimeFormat();
  const { data, isError, refetch } = useGetLimitsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [save, { isLoading: saving }] = useSetLimitsMutation();
  const [drafts, setDrafts] = useState<Drafts | null>(null);
  const [base, setBase] = useState<PlayerLimits | undefined>(undefined);
  const [formMessage, setFormMessage] = useState<{ tone: 'error' | 'info'; text: string } | null>(null);
  const [saved, setSaved] = useState<Saved | null>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const inputs = useRef<Partial<Record<LimitKind, HTMLInputElement | null>>>({});

  const settingOf = (kind: LimitKind): LimitSettingView => data?.limits[kind] ?? NONE;
  const checked = (kind: LimitKind): Checked => check(kind, drafts?.[kind].text ?? '');
  const effect = (kind: LimitKind): Effect => {
    const c = checked(kind);
    return 'problem' in c ? 'none' : effectOf(settingOf(kind), c.value, drafts?.[kind].keep ?? false);
  };

  // New figures from the server fill the fields, unless the player is in the middle of changing them.
  if (data && data !== base) {
    const edited =
      drafts !== null &&
      base !== undefined &&
      KINDS.some((kind) => {
        const c = check(kind, drafts[kind].text);
        return drafts[kind].keep || !('value' in c) || c.value !== (base.limits[kind]?.value ?? null);
      });
    setBase(data);
    if (!edited) setDrafts(draftsFrom(data, format.sats));
  }

  // Arriving by a link to the limits (a refused deposit or deal): bring the section into view once it is there.
  const ready = data !== undefined;
  useEffect(() => {
    if (ready && location.hash === `#${LIMITS_ANCHOR}`) sectionRef.current?.scrollIntoView({ block: 'start' });
  }, [location.hash, location.key, ready]);

  const setText = (kind: LimitKind, text: string) => {
    setDrafts((current) => (current ? { ...current, [kind]: { text, keep: false } } : current));
    setFormMessage(null);
  };
  const keepCurrent = (kind: LimitKind) => {
    const value = settingOf(kind).value;
    setDrafts((current) => (current ? { ...current, [kind]: { text: value === null ? '' : format.sats(value), keep: true } } : current));
    setFormMessage(null);
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!data || !drafts || saving) return;
    setSaved(null);
    const invalid = KINDS.find((kind) => 'problem' in checked(kind));
    if (invalid) {
      setFormMessage({ tone: 'error', text: t('profile.limits.fixFields') });
      inputs.current[invalid]?.focus();
      return;
    }
    const body: LimitsRequest = {};
    for (const kind of KINDS) {
      const c = checked(kind);
      if ('value' in c && effect(kind) !== 'none' && effect(kind) !== 'waiting') body[kind] = c.value;
    }
    const asked = Object.entries(body) as [LimitKind, number | null][];
    if (asked.length === 0) {
      setFormMessage({ tone: 'info', text: t('profile.limits.nothingToSave') });
      return;
    }
    setFormMessage(null);
    try {
      const answer = await save(body).unwrap();
      const result: Saved = { now: [], later: [] };
      for (const [kind, value] of asked) {
        const setting = answer.limits[kind] ?? NONE;
        if (setting.pending && setting.pending.value === value && setting.value !== value) result.later.push({ kind, value, effectiveAt: setting.pending.effectiveAt });
        else if (setting.value === value) result.now.push({ kind, value });
      }
      setBase(answer);
      setDrafts(draftsFrom(answer, format.sats));
      setSaved(result);
    } catch (error) {
      setFormMessage({ tone: 'error', text: apiErrorMessage(t, error) ?? t('profile.limits.failed') });
    }
  }

  const amountProblem = useAmountProblemText();
  const problemText = (problem: Problem) => (problem === 'minutes' ? t('profile.limits.problems.minutes') : amountProblem(problem));

  function field(kind: LimitKind) {
    const setting = settingOf(kind);
    const draft = drafts?.[kind] ?? { text: '', keep: false };
    const c = checked(kind);
    const problem = 'problem' in c ? c.problem : null;
    const e = effect(kind);
    const label = t(`profile.limits.kinds.${kind}`);
    const isReminder = kind === REMINDER;
    const inputId = `${id}-${kind}`;
    const noteId = `${inputId}-note`;
    const typed = 'value' in c ? c.value : null;
    const dollars = !isReminder && typed !== null ? format.dollars(typed) : null;
    const waitingTime = setting.pending ? formatDate(setting.pending.effectiveAt) : '';

    return (
      <div key={kind} className={styles.limit} data-testid={`limit-${kind}`}>
        <label htmlFor={inputId} className={styles.limitLabel}>
          {label}
        </label>
        <dl className={styles.facts}>
          <div>
            <dt>{t('profile.limits.inForce')}</dt>
            <dd data-testid="limit-in-force">
              {setting.value === null || isReminder ? describe(t, kind, setting.value, format.sats) : <SatsAmount sats={setting.value} />}
            </dd>
          </div>
          {isReminder ? null : (
            <div>
              <dt>{t(`profile.limits.used.${kind as MoneyKind}`)}</dt>
              <dd data-testid="limit-used">{t('profile.limits.valueSats', { amount: format.sats(data?.usage[kind as MoneyKind] ?? 0) })}</dd>
            </div>
          )}
          {!isReminder && setting.value !== null ? (
            <div>
              <dt>{t('profile.limits.left')}</dt>
              <dd data-testid="limit-left">
                {t('profile.limits.valueSats', { amount: format.sats(Math.max(0, setting.value - (data?.usage[kind as MoneyKind] ?? 0))) })}
              </dd>
            </div>
          ) : null}
        </dl>

        <div className={styles.inputRow}>
          <AmountInput
            id={inputId}
            ref={(element) => void (inputs.current[kind] = element)}
            text={draft.text}
            onText={(text) => setText(kind, text)}
            unit={isReminder ? t('profile.limits.minutesUnit') : 'sats'}
            placeholder={isReminder ? t('profile.limits.reminderOff') : t('profile.limits.noLimit')}
            aria-invalid={problem ? true : undefined}
            aria-describedby={noteId}
            disabled={saving}
            // The notes under the field are this section's own: the refusal, the dollars, what saving would do.
            messages={false}
          />
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={() => setText(kind, '')}
            disabled={draft.text === '' || saving}
            aria-label={t('profile.limits.removeLabel', { kind: label })}
          >
            {t('profile.limits.remove')}
          </button>
        </div>

        <div id={noteId} className={styles.notes}>
          {problem ? (
            <span className={styles.problem} role="alert" data-testid="amount-refused" data-problem={problem}>
              {problemText(problem)}
            </span>
          ) : isReminder ? (
            <span className={styles.hint}>{t('profile.limits.minutesHint')}</span>
          ) : dollars ? (
            <span className={styles.hint}>
              ≈ {dollars}
              {format.fixed ? '*' : ''}
            </span>
          ) : null}
          {!problem && e !== 'none' ? (
            <span className={`${styles.preview} ${e === 'later' || e === 'remove' ? styles.previewLater : ''}`} data-testid="limit-preview">
              {t(`profile.limits.preview.${e}`, { time: waitingTime })}
            </span>
          ) : null}
        </div>

        {setting.pending ? (
          <div className={styles.pending} data-testid="limit-pending">
            <span className={styles.clock} aria-hidden="true">
              <svg viewBox="0 0 24 24" width="16" height="16">
                <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
                <path d="M12 7v5l3 2" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </span>
            <span>
              {setting.pending.value === null
                ? t('profile.limits.pendingRemoval', { time: waitingTime })
                : t('profile.limits.pendingValue', { value: describe(t, kind, setting.pending.value, format.sats), time: waitingTime })}
            </span>
            {e !== 'keep' ? (
              <button
                type="button"
                className={`btn btn-ghost btn-sm ${styles.keep}`}
                onClick={() => keepCurrent(kind)}
                disabled={saving}
                aria-label={t('profile.limits.keepLabel', { kind: label })}
              >
                {t('profile.limits.keep')}
              </button>
            ) : null}
          </div>
        ) : null}
      </div>
    );
  }

  return (
    <section
      ref={sectionRef}
      id={LIMITS_ANCHOR}
      className={`panel ${styles.section}`}
      aria-labelledby={`${id}-title`}
      data-testid="limits-section"
    >
      <h2 id={`${id}-title`} className={styles.h2}>
        {t('profile.limits.title')}
      </h2>
      <p className={styles.intro}>{t('profile.limits.intro')}</p>
      <ul className={styles.rules}>
        <li className={styles.ruleNow}>{t('profile.limits.ruleNow')}</li>
        <li className={styles.ruleLater}>{t('profile.limits.ruleLater')}</li>
      </ul>

      {!data ? (
        isError ? (
          <p className="alert" role="alert">
            {t('profile.limits.loadFailed')}{' '}
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => void refetch()}>
              {t('common.retry')}
            </button>
          </p>
        ) : (
          <p className={styles.loading}>{t('profile.limits.loading')}</p>
        )
      ) : (
        <form onSubmit={onSubmit} noValidate aria-busy={saving} data-testid="limits-form">
          <fieldset className={styles.group}>
            <legend className={styles.legend}>{t('profile.limits.deposits')}</legend>
            <p className={styles.groupHelp}>{t('profile.limits.depositsHelp')}</p>
            <div className={styles.limits}>{DEPOSIT_KINDS.map(field)}</div>
          </fieldset>
          <fieldset className={styles.group}>
            <legend className={styles.legend}>{t('profile.limits.losses')}</legend>
            <p className={styles.groupHelp}>{t('profile.limits.lossesHelp')}</p>
            <div className={styles.limits}>{LOSS_KINDS.map(field)}</div>
          </fieldset>
          <fieldset className={styles.group}>
            <legend className={styles.legend}>{t('profile.limits.reminder')}</legend>
            <p className={styles.groupHelp}>{t('profile.limits.reminderHelp')}</p>
            <div className={styles.limits}>{field(REMINDER)}</div>
          </fieldset>

          {formMessage ? (
            <p className={formMessage.tone === 'error' ? 'alert' : `alert alert-info`} role={formMessage.tone === 'error' ? 'alert' : 'status'} data-testid="limits-message">
              {formMessage.text}
            </p>
          ) : null}
          {saved ? (
            <div className={`alert alert-info ${styles.saved}`} role="status" data-testid="limits-saved">
              {saved.now.length === 0 && saved.later.length === 0 ? <p>{t('profile.limits.savedNothing')}</p> : null}
              {saved.now.length > 0 ? (
                <div data-testid="limits-saved-now">
                  <strong>{t('profile.limits.savedNow')}</strong>
                  <ul>
                    {saved.now.map(({ kind, value }) => (
                      <li key={kind}>{t('profile.limits.savedItem', { kind: t(`profile.limits.kinds.${kind}`), value: describe(t, kind, value, format.sats) })}</li>
                    ))}
                  </ul>
                </div>
              ) : null}
              {saved.later.length > 0 ? (
                <div data-testid="limits-saved-later">
                  <strong>{t('profile.limits.savedLater')}</strong>
                  <ul>
                    {saved.later.map(({ kind, value, effectiveAt }) => (
                      <li key={kind}>
                        {t('profile.limits.savedLaterItem', { kind: t(`profile.limits.kinds.${kind}`), value: describe(t, kind, value, format.sats), time: formatDate(effectiveAt) })}
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
            </div>
          ) : null}

          <div className={styles.saveRow}>
            <button type="submit" className="btn btn-primary" disabled={saving}>
              {saving ? t('profile.limits.saving') : t('profile.limits.save')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
