import type { AdminPlayer } from '@bahati/contracts';
import { SUSPECT_LEVEL_MAX, SUSPECT_LEVEL_MIN } from '@bahati/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { apiErrorCode, apiErrorMessage, apiErrorStatus, apiServerMessage } from '@/lib/api';
import { useSetBannedMutation, useSetSuspectLevelMutation } from './admin-players-api';
import styles from './admin-players.module.css';

/** Admin actions show the server's own words (spec §8); a refused level says what a level is, in the reader's language. */
export function refusalText(t: TFunction, error: unknown): string {
  if (apiErrorStatus(error) === 400 && apiErrorCode(error) === 'ValidationFailed') {
    return t('adminPlayers.level.invalid', { min: SUSPECT_LEVEL_MIN, max: SUSPECT_LEVEL_MAX });
  }
  const message = apiServerMessage(error) ?? apiErrorMessage(t, error);
  if (message) return message;
  const status = apiErrorStatus(error);
  return typeof status === 'number' ? `HTTP ${status}` : t('staff.network');
}

/** The banned toggle: a switch named "Banned" and the player's e-mail; the page announces what changed. */
export function BanToggle({ player, onResult }: { player: AdminPlayer; onResult: (outcome: { ok: boolean; text: string }) => void }) {
  const { t } = useTranslation();
  const [setBanned, { isLoading }] = useSetBannedMutation();
  // The switch shows what was asked at once; it goes back if the server refuses.
  const [asked, setAsked] = useState<boolean | null>(null);

  async function toggle(banned: boolean) {
    setAsked(banned);
    try {
      const answer = await setBanned({ playerId: player.id, banned }).unwrap();
      onResult({ ok: true, text: answer.banned ? t('adminPlayers.ban.banned', { email: player.email }) : t('adminPlayers.ban.unbanned', { email: player.email }) });
    } catch (error) {
      onResult({ ok: false, text: t('adminPlayers.ban.failed', { message: refusalText(t, error) }) });
    } finally {
      setAsked(null);
    }
  }

  return (
    <label className={styles.switch} data-testid="ban-toggle">
      <input
        type="checkbox"
        role="switch"
        className={styles.switchInput}
        checked={asked ?? player.banned}
        disabled={isLoading}
        onChange={(event) => void toggle(event.target.checked)}
      />
      <span className={styles.switchTrack} aria-hidden="true">
        <span className={styles.switchThumb} />
      </span>
      <span className="visually-hidden">
        {t('adminPlayers.ban.label')} {player.email}
      </span>
    </label>
  );
}

/** Banned or not, as support reads it. */
export function BanState({ banned }: { banned: boolean }) {
  const { t } = useTranslation();
  return <span className={banned ? styles.bannedText : styles.faint}>{banned ? t('adminPlayers.ban.yes') : t('adminPlayers.ban.no')}</span>;
}

type LevelState = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved'; level: number } | { kind: 'error'; text: string };

/**
 * The suspect level input (spec §5: numeric only): digits are all it takes, Enter or leaving the field
 * saves it, Escape puts the level back. The server decides what a level is (a whole number from 0 to
 * 100) and its refusal is shown under the field.
 */
export function SuspectLevelInput({ player }: { player: AdminPlayer }) {
  const { t } = useTranslation();
  const [save] = useSetSuspectLevelMutation();
  const [value, setValue] = useState(String(player.suspectLevel));
  const [state, setState] = useState<LevelState>({ kind: 'idle' });
  const tried = useRef<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const messageId = useId();

  // A level changed elsewhere (another page of the table, the details) shows here unless the field is being edited.
  useEffect(() => {
    if (document.activeElement !== input.current && state.kind !== 'error') setValue(String(player.suspectLevel));
  }, [player.suspectLevel, state.kind]);

  async function commit() {
    if (state.kind === 'saving') return;
    if (value === '') {
      setValue(String(player.suspectLevel));
      setState({ kind: 'idle' });
      return;
    }
    if (value === String(player.suspectLevel) && state.kind !== 'error') return;
    if (value === tried.current && state.kind === 'error') return;
    tried.current = value;
    setState({ kind: 'saving' });
    try {
      const answer = await save({ playerId: player.id, level: value }).unwrap();
      setValue(String(answer.suspectLevel));
      tried.current = null;
      setState({ kind: 'saved', level: answer.suspectLevel });
    } catch (error) {
      setState({ kind: 'error', text: refusalText(t, error) });
    }
  }

  return (
    <span className={styles.level}>
      <input
        ref={input}
        className={`input ${styles.levelInput}`}
        type="text"
        inputMode="numeric"
        pattern="[0-9]*"
        maxLength={3}
        autoComplete="off"
        value={value}
        aria-label={t('adminPlayers.level.label', { email: player.email })}
        aria-invalid={state.kind === 'error'}
        aria-describedby={messageId}
        data-testid="suspect-level-input"
        onChange={(event) => {
          setValue(event.target.value.replace(/\D/g, '').slice(0, 3));
          if (state.kind === 'saved') setState({ kind: 'idle' });
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            void commit();
          } else if (event.key === 'Escape') {
            setValue(String(player.suspectLevel));
            tried.current = null;
            setState({ kind: 'idle' });
          }
        }}
        onBlur={() => void commit()}
      />
      <span
        id={messageId}
        className={state.kind === 'error' ? styles.levelError : state.kind === 'saved' ? styles.levelSaved : styles.levelNote}
        role={state.kind === 'error' ? 'alert' : 'status'}
        data-testid="suspect-level-message"
      >
        {state.kind === 'saving'
          ? t('adminPlayers.level.saving')
          : state.kind === 'saved'
            ? t('adminPlayers.level.saved', { level: state.level })
            : state.kind === 'error'
              ? state.text
              : ''}
      </span>
    </span>
  );
}
