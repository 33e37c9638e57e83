import { satsToDollars } from '@bahati/contracts';
import { useTranslation } from 'react-i18next';
import { useGetBankQuery, useGetPriceFigureQuery } from '@/lib/api';
import { useFormats } from '@/i18n/use-localized-path';
import { BitcoinIcon } from './icons';
import styles from './header.module.css';

/** Bank in satoshis with its approximate dollar value (sats × price/100 / 1e6, spec §1). */
export function BalanceChip() {
  const { t } = useTranslation();
  const formats = useFormats();
  const { data: bank } = useGetBankQuery();
  const { data: price } = useGetPriceFigureQuery();

  if (bank === undefined) return <span className={`${styles.chip} ${styles.chipLoading}`} aria-hidden="true" />;

  const sats = formats.sats(bank);
  // Where the header is tight a large bank shows as e.g. "12.35M sats"; the exact figure stays
  // in the tooltip and for screen readers.
  const compact = formats.number(bank, { notation: 'compact', maximumFractionDigits: 2 });
  const size = bank >= 1_000_000 ? styles.large : bank >= 10_000 ? styles.medium : '';
  const dollars = price ? formats.dollars(satsToDollars(bank, price.value)) : null;

  return (
    <span
      className={`${styles.chip} ${size}`}
      data-testid="balance"
      title={[
        t('shell.balance.sats', { amount: sats }),
        dollars ? `≈ ${dollars}` : null,
        price ? (price.fixed ? t('shell.balance.fixedPrice') : t('shell.balance.livePrice')) : null,
      ]
        .filter(Boolean)
        .join(' · ')}
    >
      <span className={styles.coin} aria-hidden="true">
        <BitcoinIcon />
      </span>
      <span className={styles.chipText} aria-hidden="true">
        <span className={styles.chipSats}>
          <span className={styles.chipFull}>{t('shell.balance.sats', { amount: sats })}</span>
          {size ? <span className={styles.chipCompact}>{t('shell.balance.sats', { amount: compact })}</span> : null}
        </span>
        {dollars ? <span className={styles.chipUsd}>≈ {dollars}</span> : null}
      </span>
      <span className="visually-hidden">
        {t('shell.balance.description', { sats, dollars: dollars ?? '—' })}
      </span>
    </span>
  );
}
