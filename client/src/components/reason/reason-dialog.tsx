import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/dialog/dialog';
import { ReasonField, reasonProblem } from './reason-field';
import styles from './reason.module.css';

/**
 * A staff decision confirmed with its reason: what it does, the reason field, and the button that makes it.
 * `onConfirm` gets the trimmed reason (undefined when an optional one was left empty) and resolves to an error
 * text to show, or null when done (the dialog then closes).
 */
export function ReasonDialog({
  open,
  title,
  description,
  children,
  confirmLabel,
  danger,
  required,
  onConfirm,
  onClose,
  testId,
  confirmDisabled,
}: {
  open: boolean;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  required: boolean;
  onConfirm: (reason: string | undefined) => Promise<string | null>;
  onClose: () => void;
  testId?: string;
  /** The confirmation waits for something besides the reason (a tick the dialog's content holds). */
  confirmDisabled?: boolean;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    if (!open) {
      setReason('');
      setTried(false);
      setFailed(null);
    }
  }, [open]);

  async function confirm() {
    setTried(true);
    if (reasonProblem(reason, required) !== null) return;
    setBusy(true);
    setFailed(null);
    try {
      const error = await onConfirm(reason.trim() === '' ? undefined : reason.trim());
      if (error) setFailed(error);
      else onClose();
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onClose={busy ? () => undefined : onClose}
      size="sm"
      title={title}
      description={description}
      testId={testId}
      footer={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose} disabled={busy}>
            {t('reason.cancel')}
          </button>
          <button type="button" className={`btn ${danger ? styles.danger : 'btn-primary'}`} onClick={() => void confirm()} disabled={busy || confirmDisabled} data-testid="reason-confirm">
            {confirmLabel}
          </button>
        </>
      }
    >
      {children}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!confirmDisabled) void confirm();
        }}
      >
        <ReasonField value={reason} onChange={setReason} required={required} showProblem={tried} autoFocus />
      </form>
      {failed ? (
        <p className="alert" role="alert" data-testid="reason-failed">
          {failed}
        </p>
      ) : null}
    </Dialog>
  );
}
