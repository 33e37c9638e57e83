import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LocalizedLink } from '@/components/localized-link';
import { useDocumentTitle } from '@/lib/document-title';
import styles from './money-content.module.css';

function Block({ title, children, accent, wide }: { title: string; children: ReactNode; accent?: 'lightning' | 'bitcoin'; wide?: boolean }) {
  return (
    <section className={`panel ${styles.block} ${accent ? styles[accent] : ''} ${wide ? styles.full : ''}`}>
      <h2 className={styles.h2}>{title}</h2>
      {children}
    </section>
  );
}

/** `/bitcoin-setup-information`: how to deposit and withdraw with Bitcoin and Lightning. */
export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('bitcoinSetup.title'));
  return (
    <article className={styles.wide}>
      <header className={styles.hero}>
        <h1 className={styles.title}>{t('bitcoinSetup.title')}</h1>
        <p className={styles.lead}>{t('bitcoinSetup.lead')}</p>
        <div className={styles.actions}>
          <LocalizedLink to="/deposit" className="btn btn-primary">
            {t('bitcoinSetup.deposit')}
          </LocalizedLink>
          <LocalizedLink to="/withdraws" className="btn btn-ghost">
            {t('bitcoinSetup.withdrawLink')}
          </LocalizedLink>
        </div>
      </header>

      <div className={styles.grid}>
        <Block title={t('bitcoinSetup.units.title')} wide>
          <p>{t('bitcoinSetup.units.text')}</p>
        </Block>
        <Block title={t('bitcoinSetup.wallet.title')}>
          <p>{t('bitcoinSetup.wallet.text')}</p>
          <p className={styles.tip}>{t('bitcoinSetup.wallet.tip')}</p>
        </Block>
        <Block title={t('bitcoinSetup.lightning.title')} accent="lightning">
          <ol className={styles.steps}>
            <li>{t('bitcoinSetup.lightning.step1')}</li>
            <li>{t('bitcoinSetup.lightning.step2')}</li>
            <li>{t('bitcoinSetup.lightning.step3')}</li>
          </ol>
          <p className={styles.note}>{t('bitcoinSetup.lightning.note')}</p>
        </Block>
        <Block title={t('bitcoinSetup.onchain.title')} accent="bitcoin">
          <ol className={styles.steps}>
            <li>{t('bitcoinSetup.onchain.step1')}</li>
            <li>{t('bitcoinSetup.onchain.step2')}</li>
            <li>{t('bitcoinSetup.onchain.step3')}</li>
          </ol>
        </Block>
        <Block title={t('bitcoinSetup.withdraw.title')}>
          <p>{t('bitcoinSetup.withdraw.text')}</p>
        </Block>
        <Block title={t('bitcoinSetup.fees.title')}>
          <ul className={styles.list}>
            <li>{t('bitcoinSetup.fees.deposit')}</li>
            <li>{t('bitcoinSetup.fees.withdraw')}</li>
          </ul>
        </Block>
        <Block title={t('bitcoinSetup.limits.title')}>
          <ul className={styles.list}>
            <li>{t('bitcoinSetup.limits.lightningDeposit')}</li>
            <li>{t('bitcoinSetup.limits.bitcoinWithdraw')}</li>
            <li>{t('bitcoinSetup.limits.review')}</li>
            <li>{t('bitcoinSetup.limits.phone')}</li>
          </ul>
        </Block>
      </div>
    </article>
  );
}
