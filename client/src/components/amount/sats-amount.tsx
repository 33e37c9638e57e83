import { satsToDollars } from '@bahati/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetPriceFigureQuery } from '@/lib/api';
import { useFormats } from '@/i18n/use-localized-path';
import styles from './sats-amount.module.css';

/**
 * Formats integer satoshis (the language's grouping) and their dollar figure (spec §1: sats × price/100 / 1e6).
 * `sats` is plain (also a field's value); `signed` and `dollars` stay one left-to-right unit in Arabic and Urdu.
 */
export function useSatsFormat() {
  const formats = useFormats();
  const { data: price } = useGetPriceFigureQuery();
  const dollars = useCallback(
    (amount: number, sign: '' | '+' | '−' = '') => (price ? formats.dollars(satsToDollars(amount, price.value), sign) : null),
    [formats, price],
  );
  return { sats: formats.sats, signed: formats.signed, dollars, fixed: price?.fixed ?? false, hasPrice: price !== undefined };
}

/** "≈ $6.17", marked when it comes from the fixed reference price; `sign` goes before the figure ("≈ −$6.17"). */
export function DollarFigure({ dollars, fixed, className, sign = '' }: { dollars: string; fixed: boolean; className?: string; sign?: string }) {
  const { t } = useTranslation();
  return (
    <span className={className} title={fixed ? t('amount.fixedPrice') : t('amount.livePrice')}>
      ≈ <bdi dir="ltr">
        {sign}
        {dollars}
      </bdi>
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
