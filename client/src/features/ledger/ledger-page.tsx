import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { LEDGER_PARTS, type LedgerEntry, type LedgerPage } from '@bahati/contracts';
import { useSatsFormat } from '@/components/amount/sats-amount';
import { Spinner } from '@/components/spinner';
import { useFormats } from '@/i18n/use-localized-path';
import { useGetLedgerPageInfiniteQuery } from './ledger-api';
import { isoDay, parseDay, shiftDay } from './ledger-format';
import { LedgerMore, LedgerTable } from './ledger-table';
import { DirectionArrow } from '@/components/direction-arrow/direction-arrow';
import styles from './ledger.module.css';

/** The lines of the pages read so far, newest first, each once (a line written meanwhile can shift a page onto one already shown). */
function pageRows(pages: readonly LedgerPage[] | undefined): LedgerEntry[] {
  const seen = new Set<string>();
  const rows: LedgerEntry[] = [];
  for (const page of pages ?? []) {
    for (const row of page.items) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      rows.push(row);
    }
  }
  return rows;
}

const NO_TOTALS: LedgerPage['totals'] = {
  net: 0,
  parts: { play: { amount: 0, lines: 0 }, deposits: { amount: 0, lines: 0 }, withdrawals: { amount: 0, lines: 0 }, bonuses: { amount: 0, lines: 0 } },
};

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
  // A busy day comes a page at a time: the newest lines show at once, older ones on scrolling or "Show older lines".
  const { data, isFetching, isLoading, isError, refetch, hasNextPage, fetchNextPage, isFetchingNextPage, isFetchNextPageError } = useGetLedgerPageInfiniteQuery(query);
  const rows = useMemo(() => pageRows(data?.pages), [data]);
  const more = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

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

  // Every page carries the whole day's totals: the newest is the freshest.
  const totals = data?.pages.at(-1)?.totals ?? NO_TOTALS;
  const total = data?.pages.at(-1)?.total ?? 0;
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
            <DirectionArrow to="previous" />
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
            <DirectionArrow to="next" />
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
            {LEDGER_PARTS.filter((part) => part !== 'bonuses' || totals.parts.bonuses.lines > 0)
              .map((part) => (
                <div key={part} className={part === 'play' ? styles.splitPlay : undefined}>
                  <dt>{t(`ledger.split.${part}`)}</dt>
                  <dd className={tone(totals.parts[part].amount)} data-testid={`ledger-split-${part}`}>
                    {signed(totals.parts[part].amount)}
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
          <>
            <LedgerTable rows={rows} dayLabel={dayLabel} idPrefix={dateId} open={open} onToggle={toggle} />
            {rows.length < total ? <LedgerMore shown={rows.length} total={total} loading={isFetchingNextPage} failed={isFetchNextPageError} onMore={more} /> : null}
          </>
        )}
      </section>
    </div>
  );
}
