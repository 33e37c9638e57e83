import type { AdminPlayer } from '@bahati/contracts';
import { SUSPECT_LEVEL_MAX, SUSPECT_LEVEL_MIN } from '@bahati/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { apiErrorCode, apiErrorMessage, apiErrorStatus, apiServerMessage } from '@/lib/api';
import { ReasonDialog } from '@/components/reason/reason-dialog';
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

/**
 * The banned toggle: a switch named "Banned" and the player's e-mail. Switching it asks first: a ban says what it
 * does and needs a reason (kept in the audit log); lifting one takes an optional reason. The page announces what changed.
 */
export function BanToggle({ player, onResult }: { player: AdminPlayer; onResult: (outcome: { ok: boolean; text: string }) => void }) {
  const { t } = useTranslation();
  const [setBanned] = useSetBannedMutation();
  const [asking, setAsking] = useState<boolean | null>(null);

  async function decide(banned: boolean, reason: string | undefined): Promise<string | null> {
    try {
      const answer = await setBanned({ playerId: player.id, banned, reason }).unwrap();
      onResult({ ok: true, text: answer.banned ? t('adminPlayers.ban.banned', { email: player.email }) : t('adminPlayers.ban.unbanned', { email: player.email }) });
      return null;
    } catch (error) {
      return t('adminPlayers.ban.failed', { message: refusalText(t, error) });
    }
  }

  return (
    <>
      <label className={styles.switch} data-testid="ban-toggle">
        <input
          type="checkbox"
          role="switch"
          className={styles.switchInput}
          checked={asking ?? player.banned}
          onChange={(event) => setAsking(event.target.checked)}
        />
        <span className={styles.switchTrack} aria-hidden="true">
          <span className={styles.switchThumb} />
        </span>
        <span className="visually-hidden">
          {t('adminPlayers.ban.label')} {player.email}
        </span>
      </label>
      <ReasonDialog
        open={asking !== null}
        title={asking ? t('adminPlayers.ban.confirmTitle', { email: player.email }) : t('adminPlayers.ban.unbanTitle', { email: player.email })}
        description={asking ? t('adminPlayers.ban.confirmText') : t('adminPlayers.ban.unbanText')}
        confirmLabel={asking ? t('adminPlayers.ban.confirm') : t('adminPlayers.ban.unbanConfirm')}
        danger={asking === true}
        required={asking === true}
        onConfirm={(reason) => decide(asking === true, reason)}
        onClose={() => setAsking(null)}
        testId="ban-dialog"
      />
    </>
  );
}

/** Banned or not, as support reads it. */
export function BanState({ banned }: { banned: boolean }) {
  const { t } = useTranslation();
  return <span className={banned ? styles.bannedText : styles.faint}>{banned ? t('adminPlayers.ban.yes') : t('adminPlayers.ban.no')}</span>;
}

type LevelState = { kind: 'idle' } | { kind: 'saved'; level: number } | { kind: 'error'; text: string };

/** A typed level as the field reads it: a whole number from 0 to 100, or null (what was typed stays, with the rule under it). */
export function parseLevel(text: string): number | null {
  if (!/^\d{1,3}$/.test(text.trim())) return null;
  const level = Number(text.trim());
  return level >= SUSPECT_LEVEL_MIN && level <= SUSPECT_LEVEL_MAX ? level : null;
}

/**
 * The suspect level input (spec §5: numeric only). What is typed stays as typed: -5, 12.5 or 150 are refused at
 * the field with the rule under it, never changed into another number. Enter (or leaving the field) with a new
 * level asks for a reason and shows the change ("from 12 to 40") before it is sent; Escape or Cancel puts the
 * level back. The audit log records it as set to X (from Y).
 */
export function SuspectLevelInput({ player }: { player: AdminPlayer }) {
  const { t } = useTranslation();
  const [save] = useSetSuspectLevelMutation();
  const [value, setValue] = useState(String(player.suspectLevel));
  const [state, setState] = useState<LevelState>({ kind: 'idle' });
  const [asking, setAsking] = useState<number | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const messageId = useId();

  // A level changed elsewhere (another page of the table, the details) shows here unless the field is being edited.
  useEffect(() => {
    if (document.activeElement !== input.current && state.kind !== 'error' && asking === null) setValue(String(player.suspectLevel));
  }, [player.suspectLevel, state.kind, asking]);

  function commit() {
    if (asking !== null) return;
    if (value.trim() === '' || value.trim() === String(player.suspectLevel)) {
      setValue(String(player.suspectLevel));
      setState({ kind: 'idle' });
      return;
    }
    const level = parseLevel(value);
    if (level === null) return setState({ kind: 'error', text: t('adminPlayers.level.invalid', { min: SUSPECT_LEVEL_MIN, max: SUSPECT_LEVEL_MAX }) });
    setState({ kind: 'idle' });
    setAsking(level);
  }

  async function send(level: number, reason: string | undefined): Promise<string | null> {
    try {
      const answer = await save({ playerId: player.id, level: String(level), reason: reason ?? '' }).unwrap();
      setValue(String(answer.suspectLevel));
      setState({ kind: 'saved', level: answer.suspectLevel });
      return null;
    } catch (error) {
      return refusalText(t, error);
    }
  }

  return (
    <span className={styles.level}>
      <input
        ref={input}
        className={`input ${styles.levelInput}`}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        value={value}
        aria-label={t('adminPlayers.level.label', { email: player.email })}
        aria-invalid={state.kind === 'error'}
        aria-describedby={messageId}
        data-testid="suspect-level-input"
        onChange={(event) => {
          setValue(event.target.value.slice(0, 12));
          if (state.kind !== 'idle') setState({ kind: 'idle' });
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit();
          } else if (event.key === 'Escape') {
            setValue(String(player.suspectLevel));
            setState({ kind: 'idle' });
          }
        }}
        onBlur={() => commit()}
      />
      <span
        id={messageId}
        className={state.kind === 'error' ? styles.levelError : state.kind === 'saved' ? styles.levelSaved : styles.levelNote}
        role={state.kind === 'error' ? 'alert' : 'status'}
        data-testid="suspect-level-message"
      >
        {state.kind === 'saved' ? t('adminPlayers.level.saved', { level: state.level }) : state.kind === 'error' ? state.text : ''}
      </span>
      <ReasonDialog
        open={asking !== null}
        title={t('adminPlayers.level.confirmTitle', { email: player.email })}
        description={t('adminPlayers.level.confirmText', { from: player.suspectLevel, level: asking ?? 0 })}
        confirmLabel={t('adminPlayers.level.confirm')}
        required
        onConfirm={(reason) => send(asking ?? 0, reason)}
        onClose={() => {
          if (state.kind !== 'saved') setValue(String(player.suspectLevel));
          setAsking(null);
        }}
        testId="suspect-level-dialog"
      />
    </span>
  );
}
