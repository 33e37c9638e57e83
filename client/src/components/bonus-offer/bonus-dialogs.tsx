import type { Bonus } from '@bahati/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SatsAmount, useSatsFormat } from '@/components/amount/sats-amount';
import { Dialog } from '@/components/dialog/dialog';
import { useDateTimeFormat } from '@/components/format/format';
import { LocalizedLink } from '@/components/localized-link';
import { apiErrorCode, apiErrorMessage, useLazyGetBonusesQuery } from '@/lib/api';
import { BonusCalculator } from './bonus-calculator';
import { useAcceptBonusMutation, useDeclineBonusMutation } from './bonus-offer-api';
import styles from './bonus-offer.module.css';

type Decided = (bonus: Bonus) => void;

/**
 * What to say when accepting or declining was refused. `BonusNotOffered` reads the list again: an offer
 * that lapsed when the player requested a withdrawal says so, with the date, rather than the general words.
 */
function useRefusal() {
  const { t } = useTranslation();
  const [readBonuses] = useLazyGetBonusesQuery();
  const formatDate = useDateTimeFormat();
  return async (bonusId: string, failure: unknown): Promise<string> => {
    if (apiErrorCode(failure) === 'BonusNotOffered') {
      const rows = await readBonuses(undefined, false)
        .unwrap()
        .catch(() => [] as Bonus[]);
      const now = rows.find((row) => row.id === bonusId);
      if (now?.endedBy === 'withdrawal' && now.endedAt) return t('bonuses.lapsedRefused', { date: formatDate(now.endedAt) });
    }
    return apiErrorMessage(t, failure) ?? t('bonuses.failed');
  };
}

/**
 * Spec "Bonuses screen": the offer's amount, requirement and date, the honest calculator, and an
 * agreement box that is unticked every time the dialog opens; Accept waits for it.
 */
export function AcceptBonusDialog({ bonus, level, onClose, onAccepted }: { bonus: Bonus | null; level: number; onClose: () => void; onAccepted: Decided }) {
  const { t } = useTranslation();
  const id = useId();
  const format = useSatsFormat();
  const formatDate = useDateTimeFormat();
  const [agreed, setAgreed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [accept, { isLoading }] = useAcceptBonusMutation();
  const refusal = useRefusal();
  const errorRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    setAgreed(false);
    setError(null);
  }, [bonus]);

  // The refusal sits below the calculator: brought into view, not left under the fold of a tall dialog.
  useEffect(() => {
    if (error) errorRef.current?.scrollIntoView({ block: 'nearest' });
  }, [error]);

  async function onConfirm() {
    if (!bonus || !agreed) return;
    setError(null);
    try {
      const answer = await accept(bonus.id).unwrap();
      onAccepted(answer.bonus);
    } catch (failure) {
      setError(await refusal(bonus.id, failure));
    }
  }

  return (
    <Dialog
      open={bonus !== null}
      onClose={onClose}
      title={t('bonuses.acceptDialog.title')}
      description={t('bonuses.acceptDialog.intro')}
      size="lg"
      dismissible={!isLoading}
      testId="accept-bonus-dialog"
      footer={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose} disabled={isLoading}>
            {t('bonuses.acceptDialog.cancel')}
          </button>
          <button type="button" className="btn btn-primary" onClick={() => void onConfirm()} disabled={!agreed || isLoading}>
            {isLoading ? t('bonuses.acceptDialog.confirming') : t('bonuses.acceptDialog.confirm')}
          </button>
        </>
      }
    >
      {bonus ? (
        <div className={styles.dialogBody}>
          <dl className={styles.facts}>
            <div>
              <dt>{t('bonuses.acceptDialog.amount')}</dt>
              <dd>
                <SatsAmount sats={bonus.bonusAmount} />
              </dd>
            </div>
            <div>
              <dt>{t('bonuses.acceptDialog.requirement')}</dt>
              <dd>{t('bonuses.acceptDialog.requirementValue', { amount: format.sats(bonus.playthroughTarget) })}</dd>
            </div>
            <div>
              <dt>{t('bonuses.acceptDialog.offeredOn')}</dt>
              <dd>{formatDate(bonus.date)}</dd>
            </div>
            {bonus.expiresAt ? (
              <div>
                <dt>{t('bonuses.acceptDialog.expires')}</dt>
                <dd>{formatDate(bonus.expiresAt)}</dd>
              </div>
            ) : null}
          </dl>

          <BonusCalculator bonus={bonus} level={level} />

          <p className={styles.lockNote}>{t('bonuses.acceptDialog.lock')}</p>

          <div className={styles.agree}>
            <input id={`${id}-agree`} type="checkbox" checked={agreed} onChange={(event) => setAgreed(event.target.checked)} disabled={isLoading} />
            <label htmlFor={`${id}-agree`}>{t('bonuses.acceptDialog.agree')}</label>
          </div>
          <p className={styles.termsLink}>
            <LocalizedLink to="/bahati-terms-of-use" target="_blank" rel="noopener">
              {t('bonuses.acceptDialog.terms')}
              <span className="visually-hidden"> {t('common.externalLink')}</span>
            </LocalizedLink>
          </p>

          {error ? (
            <p ref={errorRef} className="alert" role="alert">
              {error}
            </p>
          ) : null}
        </div>
      ) : null}
    </Dialog>
  );
}

/** Spec "Bonuses screen": the decline dialog asks for confirmation. */
export function DeclineBonusDialog({ bonus, onClose, onDeclined }: { bonus: Bonus | null; onClose: () => void; onDeclined: Decided }) {
  const { t } = useTranslation();
  const format = useSatsFormat();
  const [error, setError] = useState<string | null>(null);
  const [decline, { isLoading }] = useDeclineBonusMutation();
  const refusal = useRefusal();

  useEffect(() => setError(null), [bonus]);

  async function onConfirm() {
    if (!bonus) return;
    setError(null);
    try {
      const answer = await decline(bonus.id).unwrap();
      onDeclined(answer.bonus);
    } catch (failure) {
      setError(await refusal(bonus.id, failure));
    }
  }

  return (
    <Dialog
      open={bonus !== null}
      onClose={onClose}
      title={t('bonuses.declineDialog.title')}
      size="sm"
      dismissible={!isLoading}
      testId="decline-bonus-dialog"
      footer={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose} disabled={isLoading}>
            {t('bonuses.declineDialog.cancel')}
          </button>
          <button type="button" className="btn btn-primary" onClick={() => void onConfirm()} disabled={isLoading}>
            {isLoading ? t('bonuses.declineDialog.confirming') : t('bonuses.declineDialog.confirm')}
          </button>
        </>
      }
    >
      {bonus ? <p className={styles.declineText}>{t('bonuses.declineDialog.text', { amount: format.sats(bonus.bonusAmount) })}</p> : null}
      {error ? (
        <p className="alert" role="alert">
          {error}
        </p>
      ) : null}
    </Dialog>
  );
}
