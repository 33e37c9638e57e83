import type { HeldDeposit } from '@bahati/contracts';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSatsFormat } from '@/components/amount/sats-amount';
import { ReasonDialog } from '@/components/reason/reason-dialog';
import { apiErrorCode, apiErrorMessage, apiServerMessage } from '@/lib/api';
import { useRefundHeldDepositMutation } from './admin-held-deposits-api';
import styles from './admin-held-deposits.module.css';

/**
 * Sends a held deposit back instead of crediting it: where to (a Bitcoin address for an on-chain deposit, a payment
 * request for a Lightning one, checked by the server as a withdrawal's) and a reason. A payout that fails is still
 * recorded: the dialog closes and the row offers a retry.
 */
export function RefundDialog({ row, onClose, onDone }: { row: HeldDeposit | null; onClose: () => void; onDone: (tone: 'success' | 'error', text: string) => void }) {
  const { t } = useTranslation();
  const format = useSatsFormat();
  const [refund] = useRefundHeldDepositMutation();
  const [target, setTarget] = useState('');
  const [missing, setMissing] = useState(false);
  const targetId = useId();

  useEffect(() => {
    if (row === null) {
      setTarget('');
      setMissing(false);
    }
  }, [row]);

  const player = row ? (row.email ?? row.playerId) : '';
  const message = (error: unknown) => apiServerMessage(error) ?? apiErrorMessage(t, error) ?? t('staff.network');

  async function confirm(reason: string | undefined): Promise<string | null> {
    if (!row) return null;
    if (target.trim() === '') {
      setMissing(true);
      return t(`adminHeldDeposits.refund.missing.${row.method}`);
    }
    try {
      await refund({ playerId: row.playerId, method: row.method, id: row.id, target: target.trim(), reason: reason ?? '' }).unwrap();
      onDone('success', t('adminHeldDeposits.refunded', { amount: format.sats(row.amount), player }));
      return null;
    } catch (error) {
      if (apiErrorCode(error) !== 'PayoutFailed') return t('adminHeldDeposits.refund.failed', { message: message(error) });
      onDone('error', t('adminHeldDeposits.refund.payoutFailed', { message: message(error) }));
      return null;
    }
  }

  return (
    <ReasonDialog
      open={row !== null}
      title={t('adminHeldDeposits.refund.title')}
      description={row ? t('adminHeldDeposits.refund.text', { amount: format.sats(row.amount), player }) : undefined}
      confirmLabel={t('adminHeldDeposits.refund.confirm')}
      danger
      required
      onConfirm={confirm}
      onClose={onClose}
      testId="refund-dialog"
    >
      {row ? (
        <div className={styles.field}>
          <label htmlFor={targetId} className={styles.label}>
            {t(`adminHeldDeposits.refund.target.${row.method}`)}
          </label>
          <textarea
            id={targetId}
            className={`input mono ${styles.target}`}
            rows={row.method === 'lightning' ? 3 : 1}
            value={target}
            maxLength={2000}
            spellCheck={false}
            autoComplete="off"
            aria-invalid={missing && target.trim() === ''}
            aria-describedby={`${targetId}-hint`}
            onChange={(event) => setTarget(event.target.value)}
            data-testid="refund-target"
          />
          <p id={`${targetId}-hint`} className={styles.hint}>
            {t(`adminHeldDeposits.refund.hint.${row.method}`, { amount: format.sats(row.amount) })}
          </p>
        </div>
      ) : null}
    </ReasonDialog>
  );
}
