import { Fragment, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { LedgerEntry, LedgerType } from '@bahati/contracts';
import { useSatsFormat } from '@/components/amount/sats-amount';
import { Spinner } from '@/components/spinner';
import { useFormats } from '@/i18n/use-localized-path';
import { HandDetails, ShoeById } from './hand-details';
import { useGetLedgerQuery } from './ledger-api';
import { isoDay, parseDay, shiftDay } from './ledger-format';
import styles from './ledger.module.css';

function Chevron({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false" className={`${styles.chevron} ${open ? styles.chevronOpen : ''}`}>
      <path d="M7 5l5 5-5 5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

const expandable = (entry: LedgerEntry) => Boolean(entry.handId) || (entry.type === 'ShowShoe' && Boolean(entry.reference));

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
          <table className={styles.table} data-testid="ledger-table">
            <caption className="visually-hidden">{t('ledger.caption', { date: dayLabel })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('ledger.columns.date')}</th>
                <th scope="col">{t('ledger.columns.type')}</th>
                <th scope="col" className={styles.end}>
                  {t('ledger.columns.amount')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => {
                const previous = rows[i - 1];
                const handBreak = i > 0 && previous!.handId !== row.handId;
                const canOpen = expandable(row);
                const isOpen = open.has(row.id);
                const detailsId = `${dateId}-${row.id}`;
                return (
                  <Fragment key={row.id}>
                    <tr
                      className={`${handBreak ? styles.handBreak : ''} ${canOpen ? styles.clickable : ''} ${isOpen ? styles.openRow : ''}`}
                      onClick={canOpen ? () => toggle(row.id) : undefined}
                      data-testid="ledger-row"
                      data-type={row.type}
                    >
                      <td className={styles.time}>
                        {formats.ledgerTime(row.createdTime).map((part, k) => (
                          <span key={k}>{k ? ` ${part}` : part}</span>
                        ))}
                      </td>
                      <td>
                        {canOpen ? (
                          <button
                            type="button"
                            className={styles.expand}
                            aria-expanded={isOpen}
                            aria-controls={detailsId}
                            onClick={(event) => {
                              event.stopPropagation();
                              toggle(row.id);
                            }}
                          >
                            <Chevron open={isOpen} />
                            <span>{t(`ledger.types.${row.type}`)}</span>
                            <span className="visually-hidden">{isOpen ? t('ledger.hideDetails') : t('ledger.showDetails')}</span>
                          </button>
                        ) : (
                          <span className={styles.plainType}>{t(`ledger.types.${row.type}`)}</span>
                        )}
                      </td>
                      <td className={`${styles.end} ${styles.amount} ${row.amount > 0 ? styles.plus : row.amount < 0 ? styles.minus : ''}`}>
                        {signed(row.amount)}
                      </td>
                    </tr>
                    {isOpen ? (
                      <tr className={styles.detailsRow} id={detailsId}>
                        <td colSpan={3}>
                          {row.handId ? <HandDetails handId={row.handId} /> : row.reference ? <ShoeById shoeId={row.reference} /> : null}
                        </td>
                      </tr>
                    ) : null}
                  </Fragment>
                );
              })}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
