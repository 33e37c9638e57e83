import { Fragment, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { LedgerEntry } from '@bahati/contracts';
import { useSatsFormat } from '@/components/amount/sats-amount';
import { useFormats } from '@/i18n/use-localized-path';
import { HandDetails, ShoeById } from './hand-details';
import styles from './ledger.module.css';

function Chevron({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false" className={`${styles.chevron} ${open ? styles.chevronOpen : ''}`}>
      <path d="M7 5l5 5-5 5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

const expandable = (entry: LedgerEntry) => Boolean(entry.handId) || (entry.type === 'ShowShoe' && Boolean(entry.reference));

/**
 * The day's ledger lines, newest first, a line between hands. A line of a hand (or a shown shoe) opens onto its
 * details, by a click on the row or on its type.
 */
export function LedgerTable({
  rows,
  dayLabel,
  idPrefix,
  open,
  onToggle: toggle,
}: {
  rows: readonly LedgerEntry[];
  dayLabel: string;
  /** Prefixes the ids of the details rows. */
  idPrefix: string;
  /** The lines whose details are open. */
  open: ReadonlySet<string>;
  onToggle: (id: string) => void;
}) {
  const { t } = useTranslation();
  const signed = useSatsFormat().signed;
  const formats = useFormats();
  return (
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
          const detailsId = `${idPrefix}-${row.id}`;
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
  );
}

/**
 * Below a busy day's lines: how many are shown, and the older ones on "Show older lines" or as the player
 * scrolls near the end (where the browser can tell).
 */
export function LedgerMore({
  shown,
  total,
  loading,
  failed,
  onMore,
}: {
  shown: number;
  total: number;
  loading: boolean;
  failed: boolean;
  onMore: () => void;
}) {
  const { t } = useTranslation();
  const formats = useSatsFormat();
  const end = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = end.current;
    if (!element || failed || typeof IntersectionObserver === 'undefined') return;
    // Made again once a page has come, so an end still in view asks for the next one.
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && onMore(), { rootMargin: '600px 0px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [onMore, failed, shown]);

  return (
    <div ref={end} className={styles.more} data-testid="ledger-more">
      <p className={styles.moreCount} role={failed ? 'alert' : undefined} aria-live="polite">
        {failed ? t('ledger.moreError') : loading ? t('ledger.loadingMore') : t('ledger.shown', { shown: formats.sats(shown), total: formats.sats(total) })}
      </p>
      <button type="button" className="btn btn-ghost btn-sm" onClick={onMore} disabled={loading}>
        {failed ? t('common.retry') : t('ledger.more')}
      </button>
    </div>
  );
}
