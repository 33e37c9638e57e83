import type { WithdrawalRisk, WithdrawRequestView } from '@bahati/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReasonField, reasonProblem } from '@/components/reason/reason-field';
import { SatsAmount, useSatsFormat } from '@/components/amount/sats-amount';
import { Dialog } from '@/components/dialog/dialog';
import { who, type Action } from './withdraw-request-columns';
import { RiskPanel } from './withdrawal-risk';
import styles from './admin-withdrawals.module.css';

/** The decision waiting for the admin to confirm it, with the player, the amount, the method and the destination in front of them. */
export function ConfirmDecisionDialog({
  confirming,
  risk,
  onClose,
  onConfirm,
}: {
  confirming: { row: WithdrawRequestView; action: Action } | null;
  /** What to weigh before deciding (undefined while it loads). */
  risk: WithdrawalRisk | undefined;
  onClose: () => void;
  onConfirm: (row: WithdrawRequestView, action: Action, reason: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const format = useSatsFormat();
  // A decision may say why (kept in the audit log); it goes back empty for the next decision.
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  useEffect(() => {
    setReason('');
    setTried(false);
  }, [confirming]);
  const declining = confirming?.action === 'decline';
  const approving = confirming?.action === 'approve';
  // A player held for review is approved only with a reason; any other approval or a decline may give one.
  const reasonRequired = approving && risk?.heldForReview === true;
  const firstOfTwo = approving && risk?.approvalsNeeded === 2 && confirming?.row.firstApproval === null;
  const secondOfTwo = approving && confirming?.row.firstApproval != null;
  return (
    <Dialog
      open={confirming !== null}
      onClose={onClose}
      size="sm"
      title={confirming ? t(confirming.action === 'decline' ? 'adminWithdrawals.confirm.declineTitle' : confirming.action === 'retry' ? 'adminWithdrawals.confirm.retryTitle' : 'adminWithdrawals.confirm.approveTitle') : ''}
      description={
        confirming
          ? firstOfTwo
            ? t('adminWithdrawals.confirm.firstOfTwo')
            : secondOfTwo
              ? t('adminWithdrawals.confirm.secondOfTwo', { email: confirming.row.firstApproval?.email ?? confirming.row.firstApproval?.reviewerId, amount: format.sats(confirming.row.amount) })
              : t(confirming.action === 'decline' ? 'adminWithdrawals.confirm.declineText' : 'adminWithdrawals.confirm.approveText', { amount: format.sats(confirming.row.amount) })
          : undefined
      }
      testId="admin-withdraw-confirm"
      footer={
        confirming ? (
          <>
            <button type="button" className="btn btn-ghost" onClick={onClose}>
              {t('adminWithdrawals.confirm.back')}
            </button>
            <button
              type="button"
              className={`btn ${confirming.action === 'decline' ? styles.dangerButton : 'btn-primary'}`}
              onClick={() => {
                setTried(true);
                const asked = declining || approving;
                if (asked && reasonProblem(reason, reasonRequired) !== null) return;
                onConfirm(confirming.row, confirming.action, asked && reason.trim() !== '' ? reason.trim() : undefined);
              }}
              data-testid="admin-withdraw-confirm-button"
            >
              {t(confirming.action === 'decline' ? 'adminWithdrawals.confirm.decline' : firstOfTwo ? 'adminWithdrawals.confirm.approveFirst' : 'adminWithdrawals.confirm.approve')}
            </button>
          </>
        ) : null
      }
    >
      {confirming ? (
        <dl className={styles.confirmList}>
          <div>
            <dt>{t('adminWithdrawals.columns.player')}</dt>
            <dd className={styles.confirmPlayer}>{who(confirming.row)}</dd>
          </div>
          <div>
            <dt>{t('adminWithdrawals.columns.amount')}</dt>
            <dd data-testid="admin-confirm-amount">
              <SatsAmount sats={confirming.row.amount} size="lg" />
            </dd>
          </div>
          <div>
            <dt>{t('adminWithdrawals.confirm.method')}</dt>
            <dd>{t(`withdraw.method.${confirming.row.method}`)}</dd>
          </div>
          <div>
            <dt>{t('adminWithdrawals.columns.target')}</dt>
            <dd>
              <code className={styles.confirmTarget} data-testid="admin-confirm-target">
                {confirming.row.targetAddress}
              </code>
            </dd>
          </div>
        </dl>
      ) : null}
      {confirming ? <RiskPanel risk={risk} /> : null}
      {reasonRequired && risk ? (
        <p className="alert" data-testid="admin-withdraw-held">
          {t('adminWithdrawals.confirm.held', { level: risk.suspectLevel, hold: risk.holdLevel })}
        </p>
      ) : null}
      {declining || approving ? <ReasonField value={reason} onChange={setReason} required={reasonRequired} showProblem={tried} /> : null}
    </Dialog>
  );
}
