import { MIN_LIGHTNING_DEPOSIT } from '@bahati/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ParseKeys } from 'i18next';
import { FixedPriceNote, SatsAmount } from '@/components/amount/sats-amount';
import { LocalizedLink } from '@/components/localized-link';
import { PhoneChallengeDismissed, runWithPhoneChallenge, usePhoneChallenge } from '@/components/phone-verify/phone-challenge';
import { apiErrorCode, apiErrorMessage, useGetBankQuery } from '@/lib/api';
import { useCurrentPlayer } from '@/lib/current-player';
import { useDocumentTitle } from '@/lib/document-title';
import { usePlayerEvents } from '@/lib/player-events';
import { BitcoinSection } from './bitcoin-section';
import { LightningSection } from './lightning-section';
import styles from './deposit.module.css';
import { Page, PageHeader } from '@/components/page/page';

/** Codes with a deposit-specific wording; the others read as the catalogs' `errors.<Code>`. */
const DEPOSIT_ERRORS: Record<string, ParseKeys> = {
  SelfExcluded: 'deposit.errors.selfExcluded',
  ValidationFailed: 'deposit.lightning.minimum',
  InvalidAmount: 'deposit.lightning.minimum',
};

/** Spec "Deposit screen": Lightning and on-chain deposits; an unverified phone is challenged here. */
export function Component() {
  const { t } = useTranslation();
  const { player } = useCurrentPlayer();
  const { data: bank } = useGetBankQuery();
  const phone = usePhoneChallenge();
  /** What went wrong, and whether it was one of the player's own limits (the message then leads to them). */
  const [error, setError] = useState<{ text: string; limit: boolean } | null>(null);
  const verified = player ? player.verifiedPhoneNumber !== null : undefined;
  usePlayerEvents();
  useDocumentTitle(t('deposit.title'));

  // Spec: an unverified phone forces the challenge on this page (once per visit; the notice stays).
  const challenged = useRef(false);
  useEffect(() => {
    if (verified !== false || challenged.current) return;
    challenged.current = true;
    void phone.open();
  }, [phone, verified]);

  const guard = useCallback(
    async <T,>(run: () => Promise<T>): Promise<T | undefined> => {
      setError(null);
      try {
        return await runWithPhoneChallenge(run, { verified });
      } catch (failure) {
        if (failure instanceof PhoneChallengeDismissed) return undefined;
        throw failure;
      }
    },
    [verified],
  );

  const onFailure = useCallback(
    (failure: unknown) => {
      const own = DEPOSIT_ERRORS[apiErrorCode(failure) ?? ''];
      const text = own ? t(own, { amount: MIN_LIGHTNING_DEPOSIT }) : apiErrorMessage(t, failure);
      if (!text) console.error('Deposit action failed', failure);
      setError({ text: text ?? t('deposit.errors.generic'), limit: apiErrorCode(failure) === 'LimitReached' });
    },
    [t],
  );

  return (
    <Page>
      <PageHeader
        title={t('deposit.title')}
        lead={t('deposit.lead')}
        aside={
          <div className={`panel ${styles.bankCard}`} data-testid="deposit-bank">
            <span className={styles.bankLabel}>{t('deposit.bank')}</span>
            {bank === undefined ? <span className={styles.bankSkeleton} aria-hidden="true" /> : <SatsAmount sats={bank} size="lg" stacked />}
          </div>
        }
      >
        <LocalizedLink to="/bitcoin-setup-information" className={styles.setupLink}>
          {t('deposit.setupLink')}
        </LocalizedLink>
      </PageHeader>

      {verified === false && !phone.isOpen ? (
        <div className={`alert alert-info ${styles.notice}`} data-testid="phone-required">
          <div>
            <strong>{t('deposit.phoneRequired.title')}</strong>
            <p>{t('deposit.phoneRequired.text')}</p>
          </div>
          <button type="button" className="btn btn-primary btn-sm" onClick={() => void phone.open()}>
            {t('deposit.phoneRequired.action')}
          </button>
        </div>
      ) : null}

      {error ? (
        <p className="alert" role="alert" data-testid="deposit-error">
          {error.text}
          {error.limit ? (
            <>
              {' '}
              <LocalizedLink to="/profile#limits">{t('deposit.errors.limits')}</LocalizedLink>
            </>
          ) : null}
        </p>
      ) : null}

      <div className={styles.sections}>
        <LightningSection guard={guard} onFailure={onFailure} />
        <BitcoinSection guard={guard} onFailure={onFailure} />
      </div>
      <FixedPriceNote />
    </Page>
  );
}
