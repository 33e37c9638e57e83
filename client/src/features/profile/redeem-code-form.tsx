import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useSatsFormat } from '@/components/amount/sats-amount';
import { newUuid } from '@/components/format/format';
import { LocalizedLink } from '@/components/localized-link';
import { apiErrorCode, apiErrorMessage } from '@/lib/api';
import { useRedeemCodeMutation } from './profile-api';
import styles from './profile.module.css';

/** Spec §5: a code under 5 characters is invalid without asking the server. */
const MIN_CODE_LENGTH = 5;

type Result = { tone: 'success'; text: string } | { tone: 'error'; text: string };

/** Spec §8 "Redeem": the catalogs' words for the redeem codes; anything else is "could not redeem". */
function failureText(t: TFunction, error: unknown): string {
  switch (apiErrorCode(error)) {
    case 'InvalidRedeemCode':
    case 'ValidationFailed':
      return t('errors.InvalidRedeemCode');
    case 'CodeAlreadyRedeemed':
    case 'BankTooLowToRedeem':
    case 'SelfExcluded':
    case 'Banned':
    case 'PhoneVerifyRequired':
      return apiErrorMessage(t, error) ?? t('profile.redeem.failed');
    default:
      return t('profile.redeem.failed');
  }
}

export function RedeemCodeForm() {
  const { t } = useTranslation();
  const id = useId();
  const format = useSatsFormat();
  const [code, setCode] = useState('');
  const [result, setResult] = useState<Result | null>(null);
  const [redeem, { isLoading }] = useRedeemCodeMutation();
  // One key per code the player redeems: the same request sent again is answered as the first.
  const redeemKey = useRef(newUuid());

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (isLoading) return;
    const trimmed = code.trim();
    if (trimmed.length < MIN_CODE_LENGTH) {
      setResult({ tone: 'error', text: t('errors.InvalidRedeemCode') });
      return;
    }
    setResult(null);
    try {
      const { bonus } = await redeem({ code: trimmed, idempotencyKey: redeemKey.current }).unwrap();
      redeemKey.current = newUuid();
      setCode('');
      setResult({
        tone: 'success',
        text: t('profile.redeem.success', { amount: format.sats(bonus.bonusAmount), target: format.sats(bonus.playthroughTarget) }),
      });
    } catch (error) {
      setResult({ tone: 'error', text: failureText(t, error) });
    }
  }

  return (
    <form className={styles.redeem} onSubmit={onSubmit} noValidate data-testid="redeem-form">
      <div className="field">
        <label htmlFor={`${id}-code`}>{t('profile.redeem.label')}</label>
        <div className={styles.redeemRow}>
          <input
            id={`${id}-code`}
            className="input"
            type="text"
            name="code"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={64}
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              setResult(null);
              redeemKey.current = newUuid();
            }}
            aria-invalid={result?.tone === 'error'}
            aria-describedby={result ? `${id}-result` : undefined}
          />
          <button type="submit" className="btn btn-primary" disabled={isLoading}>
            {isLoading ? t('profile.redeem.submitting') : t('profile.redeem.submit')}
          </button>
        </div>
      </div>
      {result ? (
        <p
          id={`${id}-result`}
          className={result.tone === 'success' ? `alert alert-info ${styles.ok}` : 'alert'}
          role={result.tone === 'success' ? 'status' : 'alert'}
          data-testid="redeem-result"
        >
          {result.text}
          {result.tone === 'success' ? (
            <>
              {' '}
              <LocalizedLink to="/bonuses">{t('profile.redeem.bonusesLink')}</LocalizedLink>
            </>
          ) : null}
        </p>
      ) : null}
    </form>
  );
}
