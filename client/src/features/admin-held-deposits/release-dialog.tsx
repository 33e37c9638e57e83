import type { HeldDeposit } from '@bahati/contracts';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSatsFormat } from '@/components/amount/sats-amount';
import { ReasonDialog } from '@/components/reason/reason-dialog';
import { apiErrorMessage, apiServerMessage } from '@/lib/api';
import { useReleaseHeldDepositMutation } from './admin-held-deposits-api';
import styles from './admin-held-deposits.module.css';

/**
 * Credits a held deposit: the figures (bank now, the deposit, the bank after, the limit), a reason, and, while the
 * credit takes the bank past the limit, a tick that says so: the button waits for it (the server refuses it otherwise).
 */
export function ReleaseDialog({ row, onClose, onDone }: { row: HeldDeposit | null; onClose: () => void; onDone: (text: string) => void }) {
  const { t } = useTranslation();
  const format = useSatsFormat();
  const [release] = useReleaseHeldDepositMutation();
  const [pastLimit, setPastLimit] = useState(false);
  const checkId = useId();

  useEffect(() => {
    if (row === null) setPastLimit(false);
  }, [row]);

  const after = row ? row.bank + row.amount : 0;
  const passes = row !== null && after > row.maxBank;
  const player = row ? (row.email ?? row.playerId) : '';

  async function confirm(reason: string | undefined): Promise<string | null> {
    if (!row) return null;
    try {
      await release({ playerId: row.playerId, method: row.method, id: row.id, reason: reason ?? '', confirmPastLimit: passes && pastLimit }).unwrap();
      onDone(t('adminHeldDeposits.credited', { amount: format.sats(row.amount), player }));
      return null;
    } catch (error) {
      return t('adminHeldDeposits.failed', { message: apiServerMessage(error) ?? apiErrorMessage(t, error) ?? t('staff.network') });
    }
  }

  return (
    <ReasonDialog
      open={row !== null}
      title={t('adminHeldDeposits.release.title')}
      description={row ? t('adminHeldDeposits.release.text', { amount: format.sats(row.amount), player }) : undefined}
      confirmLabel={t('adminHeldDeposits.release.confirm')}
      required
      onConfirm={confirm}
      onClose={onClose}
      confirmDisabled={passes && !pastLimit}
      testId="release-dialog"
    >
      {row ? (
        <>
          <dl className={styles.figures} data-testid="release-figures">
            <dt>{t('adminHeldDeposits.release.bankNow')}</dt>
            <dd>{t('amount.sats', { amount: format.sats(row.bank) })}</dd>
            <dt>{t('adminHeldDeposits.release.deposit')}</dt>
            <dd>{t('amount.sats', { amount: format.sats(row.amount) })}</dd>
            <dt>{t('adminHeldDeposits.release.bankAfter')}</dt>
            <dd className={passes ? styles.over : undefined}>{t('amount.sats', { amount: format.sats(after) })}</dd>
            <dt>{t('adminHeldDeposits.release.limit')}</dt>
            <dd>{t('amount.sats', { amount: format.sats(row.maxBank) })}</dd>
          </dl>
          {passes ? (
            <div className={styles.pastLimit}>
              <p id={`${checkId}-over`} className={styles.warning}>
                {t('adminHeldDeposits.release.over', { over: format.sats(after - row.maxBank) })}
              </p>
              <label htmlFor={checkId} className={styles.check}>
                <input id={checkId} type="checkbox" aria-describedby={`${checkId}-over`} checked={pastLimit} onChange={(event) => setPastLimit(event.target.checked)} data-testid="past-limit" />
                <span>{t('adminHeldDeposits.release.pastLimit')}</span>
              </label>
            </div>
          ) : null}
        </>
      ) : null}
    </ReasonDialog>
  );
}
