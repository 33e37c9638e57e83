import type { LimitKind, LimitSettingView, LimitsRequest, PlayerLimits } from '@bahati/contracts';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSatsFormat } from '@/components/amount/sats-amount';
import { apiErrorMessage, useGetLimitsQuery } from '@/lib/api';
import { useSetLimitsMutation } from './profile-api';
import { check, draftsFrom, effectOf, KINDS, NONE, type Checked, type Drafts, type Effect, type Saved } from './limits-rules';

/**
 * The limits form's state: the server's limits, the fields' drafts (refilled by new figures unless the player is
 * changing them), what each field would do on save, and the save itself, which sends only the changed fields.
 */
export function useLimitsForm() {
  const { t } = useTranslation();
  const id = useId();
  const format = useSatsFormat();
  const { data, isError, refetch } = useGetLimitsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [save, { isLoading: saving }] = useSetLimitsMutation();
  const [drafts, setDrafts] = useState<Drafts | null>(null);
  const [base, setBase] = useState<PlayerLimits | undefined>(undefined);
  const [formMessage, setFormMessage] = useState<{ tone: 'error' | 'info'; text: string } | null>(null);
  const [saved, setSaved] = useState<Saved | null>(null);
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

  return { id, data, isError, refetch, drafts, saving, formMessage, saved, inputs, settingOf, checked, effect, setText, keepCurrent, onSubmit };
}

export type LimitsForm = ReturnType<typeof useLimitsForm>;
