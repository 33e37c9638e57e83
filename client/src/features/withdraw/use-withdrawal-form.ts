import { MIN_BITCOIN_WITHDRAWAL } from '@bahati/contracts';
import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSatsFormat } from '@/components/amount/sats-amount';
import { newUuid } from '@/components/format/format';
import { PhoneChallengeDismissed, runWithPhoneChallenge } from '@/components/phone-verify/phone-challenge';
import { quotedDetail, useGetClientConfigQuery } from '@/lib/api';
import { useRequestWithdrawalMutation } from './withdraw-api';
import { serverError, validateWithdrawal, type Checked, type Field, type FormError, type Method } from './withdrawal-checks';

/**
 * The withdrawal dialog's state: the form's fields and its error, the checked request on the confirmation step,
 * and the handlers that move between the two steps and send the request (once per submission of these values).
 * Opening the dialog starts it afresh.
 */
export function useWithdrawalForm({
  open,
  bank,
  phoneVerified,
  onCreated,
  onLocked,
}: {
  open: boolean;
  bank: number;
  phoneVerified: boolean | undefined;
  onCreated: (amount: number) => void;
  onLocked: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const format = useSatsFormat();
  const [method, setMethod] = useState<Method>('lightning');
  const [amount, setAmount] = useState('');
  const [target, setTarget] = useState('');
  const [error, setError] = useState<FormError | null>(null);
  const [review, setReview] = useState<Checked | null>(null);
  const [requestWithdrawal, { isLoading }] = useRequestWithdrawalMutation();
  const network = useGetClientConfigQuery().data?.bitcoinNetwork;
  // One key per submission of these values: a double click or a retry records a single request.
  const idempotencyKey = useRef(newUuid());
  const submitting = useRef(false);
  const amountRef = useRef<HTMLInputElement>(null);
  const targetRef = useRef<HTMLTextAreaElement & HTMLInputElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    setMethod('lightning');
    setAmount('');
    setTarget('');
    setError(null);
    setReview(null);
    idempotencyKey.current = newUuid();
  }, [open]);

  useEffect(() => {
    if (review) confirmRef.current?.focus();
  }, [review]);

  const changed = () => {
    idempotencyKey.current = newUuid();
    setError(null);
  };

  // The field to focus once the render that shows its error (or brings the form back from the confirmation step)
  // is on screen: moved in the same turn as the click or key that asked for it, so a player already typing in the
  // next field never has focus taken from under them a frame later.
  const pendingFocus = useRef<Field | null>(null);
  useLayoutEffect(() => {
    const field = pendingFocus.current;
    if (!field) return;
    pendingFocus.current = null;
    (field === 'amount' ? amountRef.current : field === 'target' ? targetRef.current : null)?.focus();
  });
  const focusField = (field: Field) => {
    pendingFocus.current = field;
  };

  function onReview(event: FormEvent) {
    event.preventDefault();
    if (submitting.current) return;
    const checked = validateWithdrawal(method, amount, target.trim(), bank, network);
    if ('field' in checked) {
      setError(checked);
      focusField(checked.field);
      return;
    }
    setError(null);
    setReview(checked);
  }

  async function onConfirm() {
    if (!review || submitting.current) return;
    submitting.current = true;
    const body = review.method === 'lightning' ? { amount: review.sats, paymentRequest: review.target } : { amount: review.sats, address: review.target };
    try {
      await runWithPhoneChallenge(() => requestWithdrawal({ body, idempotencyKey: idempotencyKey.current }).unwrap(), {
        verified: phoneVerified,
      });
      onCreated(review.sats);
    } catch (failure) {
      const mapped: FormError | 'locked' =
        failure instanceof PhoneChallengeDismissed ? { field: 'form', key: 'withdraw.errors.phoneRequired' } : serverError(t, failure, review.method);
      if (mapped === 'locked') {
        // Locked since the dialog opened (a bonus accepted elsewhere): the dialog says so, and the page reads the
        // bonuses again, which turns the dialog into its locked view with what is left to wager.
        setReview(null);
        setError({ field: 'form', key: 'withdraw.locked.dialogIntro' });
        onLocked();
        return;
      }
      // Back to the form, with the refusal beside what it is about.
      setReview(null);
      setError(mapped);
      focusField(mapped.field);
    } finally {
      submitting.current = false;
    }
  }

  const onBack = () => {
    setReview(null);
    focusField('amount');
  };
  const onMethod = (next: Method) => {
    setMethod(next);
    setTarget('');
    changed();
  };
  const onAmount = (text: string) => {
    setAmount(text);
    changed();
  };
  const onTarget = (text: string) => {
    setTarget(text);
    changed();
  };

  const message = (e: FormError) => ('text' in e ? e.text : t(e.key, { amount: format.sats(MIN_BITCOIN_WITHDRAWAL), ...quotedDetail(e.sats) }));
  // A refused text is shown by the amount field itself; other amount errors go in its note.
  const amountError = error?.field === 'amount' && !('key' in error && error.key.startsWith('amount.problems.')) ? message(error) : null;

  return {
    id,
    method,
    amount,
    target,
    error,
    review,
    isLoading,
    amountRef,
    targetRef,
    confirmRef,
    message,
    amountError,
    onMethod,
    onAmount,
    onTarget,
    onReview,
    onConfirm,
    onBack,
  };
}

export type WithdrawalForm = ReturnType<typeof useWithdrawalForm>;
