import { satsToDollars } from '@bahati/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetPriceFigureQuery } from '@/lib/api';
import { useFormatLocale } from '@/i18n/use-localized-path';
import styles from './sats-amount.module.css';

/** Formats integer satoshis (thousands separators) and their dollar figure (spec §1: sats × price/100 / 1e6). */
export function useSatsFormat() {
  const locale = useFormatLocale();
  const { data: price } = useGetPriceFigureQuery();
  const sats = useCallback((amount: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(amount), [locale]);
  const dollars = useCallback(
    (amount: number) =>
      price
        ? new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol' }).format(
            satsToDollars(amount, price.value),
          )
        : null,
    [locale, price],
  );
  return { sats, dollars, fixed: price?.fixed ?? false, hasPrice: price !== undefined };
}

/** "≈ $6.17", marked when it comes from the fixed reference price; `sign` goes before the figure ("≈ −$6.17"). */
export function DollarFigure({ dollars, fixed, className, sign = '' }: { dollars: string; fixed: boolean; className?: string; sign?: string }) {
  const { t } = useTranslation();
  return (
    <span className={className} title={fixed ? t('amount.fixedPrice') : t('amount.livePrice')}>
      ≈ {sign}
      {dollars}
      {fixed ? (
        <>
          <span aria-hidden="true" className={styles.mark}>
            *
          </span>
          <span className="visually-hidden"> ({t('amount.fixedPrice')})</span>
        </>
      ) : null}
    </span>
  );
}

/** "12,345 sats ≈ $6.17"; the dollar figure carries a mark when it comes from the fixed reference price. */
export function SatsAmount({ sats, size = 'md', stacked = false }: { sats: number; size?: 'md' | 'lg'; stacked?: boolean }) {
  const { t } = useTranslation();
  const format = useSatsFormat();
  const dollars = format.dollars(sats);
  return (
    <span className={`${styles.amount} ${size === 'lg' ? styles.lg : ''} ${stacked ? styles.stacked : ''}`}>
      <span className={styles.sats}>{t('amount.sats', { amount: format.sats(sats) })}</span>
      {dollars ? <DollarFigure dollars={dollars} fixed={format.fixed} className={styles.usd} /> : null}
    </span>
  );
}

/** The footnote explaining the mark, shown only while the fixed reference price is in use. */
export function FixedPriceNote() {
  const { t } = useTranslation();
  const { fixed } = useSatsFormat();
  if (!fixed) return null;
  return (
    <p className={styles.note}>
      <span aria-hidden="true">* </span>
      {t('amount.fixedPriceNote')}
    </p>
  );
}
