import { ACTIVE_DAYS_MAX, PLAYER_ROLE_FILTERS, PLAYER_SORTS, type PlayerRoleFilter, type PlayerSort, SORT_DIRECTIONS, type SortDirection, SUSPECT_LEVEL_MAX } from '@bahati/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './admin-players.module.css';

/** The players list's sort and filters, as the URL and the query carry them (only what is set). */
export interface PlayerFilters {
  sort?: PlayerSort;
  dir?: SortDirection;
  suspectMin?: number;
  banned?: 'yes' | 'no';
  role?: PlayerRoleFilter;
  activeDays?: number;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined => (values as readonly (string | null)[]).includes(value) ? (value as T) : undefined;
/** A whole number from `min` to `max` written in digits, else undefined. */
function wholeIn(text: string | null, min: number, max: number): number | undefined {
  if (text === null || !/^\d{1,4}$/.test(text.trim())) return undefined;
  const n = Number(text.trim());
  return n >= min && n <= max ? n : undefined;
}

/** The filters the URL holds (anything the server would refuse is left out). */
export function filtersFrom(params: URLSearchParams): PlayerFilters {
  return {
    sort: oneOf(PLAYER_SORTS, params.get('sort')),
    dir: oneOf(SORT_DIRECTIONS, params.get('dir')),
    suspectMin: wholeIn(params.get('suspectMin'), 0, SUSPECT_LEVEL_MAX),
    banned: oneOf(['yes', 'no'] as const, params.get('banned')),
    role: oneOf(PLAYER_ROLE_FILTERS, params.get('role')),
    activeDays: wholeIn(params.get('activeDays'), 1, ACTIVE_DAYS_MAX),
  };
}

/** Writes the filters that are set into the URL's parameters. */
export function writeFilters(search: URLSearchParams, filters: PlayerFilters): void {
  for (const [key, value] of Object.entries(filters)) if (value !== undefined && value !== '') search.set(key, String(value));
}

export const anyFilter = (f: PlayerFilters) => Object.values(f).some((v) => v !== undefined);

/** The form: sort, order, suspect level at least, ban, role, active within N days; applied together. */
export function PlayerFilterForm({ filters, onApply }: { filters: PlayerFilters; onApply: (next: PlayerFilters) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState({
    sort: filters.sort ?? 'created', dir: filters.dir ?? 'desc', suspectMin: filters.suspectMin?.toString() ?? '', banned: filters.banned ?? '', role: filters.role ?? '', activeDays: filters.activeDays?.toString() ?? '',
  });
  const [tried, setTried] = useState(false);
  useEffect(() => {
    setDraft({
      sort: filters.sort ?? 'created', dir: filters.dir ?? 'desc', suspectMin: filters.suspectMin?.toString() ?? '', banned: filters.banned ?? '', role: filters.role ?? '', activeDays: filters.activeDays?.toString() ?? '',
    });
  }, [filters.sort, filters.dir, filters.suspectMin, filters.banned, filters.role, filters.activeDays]);

  const suspectMin = draft.suspectMin === '' ? undefined : wholeIn(draft.suspectMin, 0, SUSPECT_LEVEL_MAX);
  const activeDays = draft.activeDays === '' ? undefined : wholeIn(draft.activeDays, 1, ACTIVE_DAYS_MAX);
  const suspectBad = draft.suspectMin !== '' && suspectMin === undefined;
  const daysBad = draft.activeDays !== '' && activeDays === undefined;
  const set = (key: keyof typeof draft) => (event: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: event.target.value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (suspectBad || daysBad) return;
    onApply({
      sort: draft.sort === 'created' ? undefined : (draft.sort as PlayerSort),
      dir: draft.dir === 'desc' ? undefined : (draft.dir as SortDirection),
      suspectMin: suspectMin || undefined,
      banned: oneOf(['yes', 'no'] as const, draft.banned),
      role: oneOf(PLAYER_ROLE_FILTERS, draft.role),
      activeDays,
    });
  }

  const range = (min: number, max: number) => t('adminPlayers.filters.range', { min, max });
  return (
    <form className={styles.filters} onSubmit={submit} noValidate aria-labelledby="player-filters-title" data-testid="player-filters">
      <h2 id="player-filters-title" className="visually-hidden">
        {t('adminPlayers.filters.legend')}
      </h2>
      <div className={styles.filterField}>
        <label htmlFor="filter-sort">{t('adminPlayers.filters.sort')}</label>
        <select id="filter-sort" className="input" value={draft.sort} onChange={set('sort')}>
          {PLAYER_SORTS.map((s) => (
            <option key={s} value={s}>
              {t(`adminPlayers.filters.sorts.${s}`)}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.filterField}>
        <label htmlFor="filter-dir">{t('adminPlayers.filters.dir')}</label>
        <select id="filter-dir" className="input" value={draft.dir} onChange={set('dir')}>
          {SORT_DIRECTIONS.map((d) => (
            <option key={d} value={d}>
              {t(`adminPlayers.filters.dirs.${d}`)}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.filterField}>
        <label htmlFor="filter-suspect">{t('adminPlayers.filters.suspectMin')}</label>
        <input id="filter-suspect" className="input" inputMode="numeric" value={draft.suspectMin} onChange={set('suspectMin')} aria-invalid={tried && suspectBad} aria-describedby="filter-suspect-note" />
        <span id="filter-suspect-note" className={tried && suspectBad ? styles.levelError : styles.filterHint} role={tried && suspectBad ? 'alert' : undefined}>
          {range(0, SUSPECT_LEVEL_MAX)}
        </span>
      </div>
      <div className={styles.filterField}>
        <label htmlFor="filter-banned">{t('adminPlayers.filters.banned')}</label>
        <select id="filter-banned" className="input" value={draft.banned} onChange={set('banned')}>
          <option value="">{t('adminPlayers.filters.any')}</option>
          <option value="yes">{t('adminPlayers.filters.bannedYes')}</option>
          <option value="no">{t('adminPlayers.filters.bannedNo')}</option>
        </select>
      </div>
      <div className={styles.filterField}>
        <label htmlFor="filter-role">{t('adminPlayers.filters.role')}</label>
        <select id="filter-role" className="input" value={draft.role} onChange={set('role')}>
          <option value="">{t('adminPlayers.filters.any')}</option>
          {PLAYER_ROLE_FILTERS.map((r) => (
            <option key={r} value={r}>
              {t(`adminPlayers.filters.roles.${r}`)}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.filterField}>
        <label htmlFor="filter-days">{t('adminPlayers.filters.activeDays')}</label>
        <input id="filter-days" className="input" inputMode="numeric" value={draft.activeDays} onChange={set('activeDays')} aria-invalid={tried && daysBad} aria-describedby="filter-days-note" />
        <span id="filter-days-note" className={tried && daysBad ? styles.levelError : styles.filterHint} role={tried && daysBad ? 'alert' : undefined}>
          {range(1, ACTIVE_DAYS_MAX)}
        </span>
      </div>
      <div className={styles.filterButtons}>
        <button type="submit" className="btn btn-primary btn-sm">
          {t('adminPlayers.filters.apply')}
        </button>
        {anyFilter(filters) ? (
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => onApply({})}>
            {t('adminPlayers.filters.clear')}
          </button>
        ) : null}
      </div>
    </form>
  );
}
