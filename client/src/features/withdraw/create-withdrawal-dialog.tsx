import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/dialog/dialog';
import { LocalizedLink } from '@/components/localized-link';
import type { Wagering } from '@/lib/wagering';
import { useWithdrawalForm } from './use-withdrawal-form';
import { WithdrawalFormFields } from './withdrawal-form-fields';
import { WithdrawLockedNotice } from './withdraw-locked-notice';
import { WithdrawalReview } from './withdrawal-review';

export { validateWithdrawal } from './withdrawal-checks';

/**
 * The withdrawal dialog, in two steps: the form (method, amount, destination), checked here, then a
 * confirmation of exactly what will be sent — amount, method, destination, the bank after it and who pays the
 * network fee (spec §9: the house) — and only "Confirm" sends it. With a bonus offer open, the confirmation
 * says that the request ends it. While accepted bonuses lock withdrawals (`lockedBy`) the dialog says so and why
 * instead of the form, before anything is typed.
 */
export function CreateWithdrawalDialog({
  open,
  bank,
  offerOpen = false,
  lockedBy = null,
  phoneVerified,
  onClose,
  onCreated,
  onLocked,
}: {
  open: boolean;
  bank: number;
  /** A bonus offer is still open: requesting a withdrawal makes it lapse. */
  offerOpen?: boolean;
  /** What is still to wager across the accepted bonuses, when it locks withdrawals. */
  lockedBy?: Wagering | null;
  phoneVerified: boolean | undefined;
  onClose: () => void;
  onCreated: (amount: number) => void;
  onLocked: () => void;
}) {
  const { t } = useTranslation();
  const form = useWithdrawalForm({ open, bank, phoneVerified, onCreated, onLocked });
  const { id, review, isLoading } = form;

  if (lockedBy) {
    return (
      <Dialog
        open={open}
        onClose={onClose}
        title={t('withdraw.dialog.title')}
        testId="withdraw-dialog"
        footer={
          <>
            <button type="button" className="btn btn-ghost" onClick={onClose}>
              {t('withdraw.dialog.cancel')}
            </button>
            <LocalizedLink to="/bonuses" className="btn btn-primary">
              {t('withdraw.locked.bonuses')}
            </LocalizedLink>
          </>
        }
      >
        <WithdrawLockedNotice wagering={lockedBy} inDialog />
      </Dialog>
    );
  }

  if (review) {
    return (
      <Dialog
        open={open}
        onClose={onClose}
        dismissible={!isLoading}
        title={t('withdraw.confirm.title')}
        description={t('withdraw.confirm.intro')}
        testId="withdraw-dialog"
        footer={
          <>
            <button type="button" className="btn btn-ghost" onClick={form.onBack} disabled={isLoading}>
              {t('withdraw.confirm.back')}
            </button>
            <button ref={form.confirmRef} type="button" className="btn btn-primary" onClick={() => void form.onConfirm()} disabled={isLoading} data-testid="withdraw-confirm">
              {isLoading ? t('withdraw.dialog.submitting') : t('withdraw.confirm.submit')}
            </button>
          </>
        }
      >
        <WithdrawalReview review={review} bank={bank} offerOpen={offerOpen} busy={isLoading} />
      </Dialog>
    );
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      dismissible={!isLoading}
      title={t('withdraw.dialog.title')}
      description={t('withdraw.dialog.intro')}
      testId="withdraw-dialog"
      footer={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose} disabled={isLoading}>
            {t('withdraw.dialog.cancel')}
          </button>
          <button type="submit" form={`${id}-form`} className="btn btn-primary" disabled={isLoading}>
            {t('withdraw.dialog.submit')}
          </button>
        </>
      }
    >
      <WithdrawalFormFields form={form} bank={bank} />
    </Dialog>
  );
}
