import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { LedgerEntry, LedgerType } from '@bahati/contracts';
import { useSatsFormat } from '@/components/amount/sats-amount';
import { Spinner } from '@/components/spinner';
import { useFormats } from '@/i18n/use-localized-path';
import { useGetLedgerQuery } from './ledger-api';
import { isoDay, parseDay, shiftDay } from './ledger-format';
import { LedgerTable } from './ledger-table';
import styles from './ledger.module.css';

/** What a ledger line is part of: the table (stakes and returns), money in, money out, or a bonus. A deposit is not a winning. */
type Part = 'play' | 'deposits' | 'withdrawals' | 'bonuses';
const PART_OF: Record<LedgerType, Part> = {
  Bet: 'play', Double: 'play', Split: 'play', InsuranceBet: 'play', InsuranceWin: 'play', Win: 'play', Push: 'play', EvenMoney: 'play', ShowShoe: 'play',
  BitcoinDeposit: 'deposits', LightningDeposit: 'deposits',
  Withdraw: 'withdrawals', WithdrawRefund: 'withdrawals',
  Bonus: 'bonuses',
};

/** The day's net, and its parts: the play result, deposits, withdrawals (less refunds) and bonuses. */
function dayTotals(rows: readonly LedgerEntry[]): { net: number; parts: Record<Part, number>; has: Set<Part> } {
  const parts: Record<Part, number> = { play: 0, deposits: 0, withdrawals: 0, bonuses: 0 };
  const has = new Set<Part>();
  for (const row of rows) {
    const part = PART_OF[row.type];
    parts[part] += row.amount;
    has.add(part);
  }
  return { net: parts.play + parts.deposits + parts.withdrawals + parts.bonuses, parts, has };
}

export function Component() {
  const { t } = useTranslation();
  const format = useSatsFormat();
  const formats = useFormats();
  const dateId = useId();
  const [params, setParams] = useSearchParams();
  const today = isoDay(new Date());
  const day = parseDay(params.get('day') ?? '') ? params.get('day')! : today;
  const [open, setOpen] = useState<Set<string>>(() => new Set());

  const query = useMemo(() => {
    const date = parseDay(day)!;
    return { d: date.getDate(), m: date.getMonth() + 1, y: date.getFullYear(), o: date.getTimezoneOffset() };
  }, [day]);
  const { data, isFetching, isLoading, isError, refetch } = useGetLedgerQuery(query);
  // The server answers the day in order; the newest line comes first on screen.
  const rows = useMemo(() => [...(data ?? [])].reverse(), [data]);

  useEffect(() => {
    document.title = `${t('ledger.title')} · ${t('common.brand')}`;
  }, [t]);
  useEffect(() => setOpen(new Set()), [day]);

  const setDay = (next: string) => {
    if (!parseDay(next)) return;
    setParams(next === today ? {} : { day: next }, { replace: true });
  };
  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const totals = dayTotals(rows);
  const signed = format.signed;
  const tone = (amount: number) => (amount > 0 ? styles.plus : amount < 0 ? styles.minus : '');
  const dayLabel = formats.longDay(parseDay(day)!);

  return (
    <div className={`container ${styles.page}`}>
      <header className={styles.head}>
        <div>
          <h1 className={styles.title}>{t('ledger.title')}</h1>
          <p className={styles.intro}>{t('ledger.intro')}</p>
        </div>
        <div className={styles.picker}>
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => setDay(shiftDay(day, -1))} aria-label={t('ledger.previousDay')}>
            ‹
          </button>
          <label htmlFor={dateId} className="visually-hidden">
            {t('ledger.date')}
          </label>
          <input
            id={dateId}
            type="date"
            className={`input ${styles.dateInput}`}
            value={day}
            max={today}
            onChange={(event) => setDay(event.target.value)}
            data-testid="ledger-date"
          />
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => setDay(shiftDay(day, 1))} disabled={day >= today} aria-label={t('ledger.nextDay')}>
            ›
          </button>
          {day !== today ? (
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setDay(today)}>
              {t('ledger.today')}
            </button>
          ) : null}
        </div>
      </header>

      <section className={`panel ${styles.panel}`} aria-labelledby={`${dateId}-day`} aria-busy={isFetching}>
        <div className={styles.panelHead}>
          <h2 id={`${dateId}-day`} className={styles.dayTitle}>
            {dayLabel}
          </h2>
          {rows.length ? (
            <p className={styles.net}>
              {t('ledger.net')}{' '}
              <strong className={tone(totals.net)} data-testid="ledger-net">
                {signed(totals.net)}
              </strong>
            </p>
          ) : null}
        </div>
        {rows.length ? (
          <dl className={styles.split} data-testid="ledger-split">
            {(['play', 'deposits', 'withdrawals', 'bonuses'] as const)
              .filter((part) => part !== 'bonuses' || totals.has.has('bonuses'))
              .map((part) => (
                <div key={part} className={part === 'play' ? styles.splitPlay : undefined}>
                  <dt>{t(`ledger.split.${part}`)}</dt>
                  <dd className={tone(totals.parts[part])} data-testid={`ledger-split-${part}`}>
                    {signed(totals.parts[part])}
                  </dd>
                </div>
              ))}
          </dl>
        ) : null}

        {isLoading ? (
          <div className={styles.state} role="status">
            <Spinner />
            <span>{t('ledger.loading')}</span>
          </div>
        ) : isError ? (
          <div className={styles.state} role="alert">
            <span>{t('ledger.error')}</span>
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => void refetch()}>
              {t('common.retry')}
            </button>
          </div>
        ) : rows.length === 0 ? (
          <p className={styles.state} data-testid="ledger-empty">
            {t('ledger.empty')}
          </p>
        ) : (
          <LedgerTable rows={rows} dayLabel={dayLabel} idPrefix={dateId} open={open} onToggle={toggle} />
        )}
      </section>
    </div>
  );
}
