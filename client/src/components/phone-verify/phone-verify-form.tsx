import { getCountries, getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorCode, apiErrorMessage } from '@/lib/api';
import { useFormatLocale } from '@/i18n/use-localized-path';
import { useBeginPhoneVerifyMutation, useGetDeploymentEnvironmentQuery, useLazyGetDevPhoneCodeQuery, useVerifyPhoneCodeMutation } from './phone-api';
import styles from './phone-verify.module.css';

const DEFAULT_COUNTRY: CountryCode = 'US';

/** "+1 201 555 0123" rather than "+12015550123". */
export function formatPhoneNumber(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}
const CODE_LENGTH = 6;
/** Spec: success shows, then the dialog closes after one second. */
const SUCCESS_CLOSE_MS = 1000;

/** What went wrong, and the field it is about (marked invalid). */
interface Problem {
  text: string;
  field?: 'number' | 'code';
}

interface CountryOption {
  code: CountryCode;
  name: string;
  dial: string;
}

function useCountryOptions(): CountryOption[] {
  const locale = useFormatLocale();
  return useMemo(() => {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([locale, 'en'], { type: 'region' });
    } catch {
      names = null;
    }
    return getCountries()
      .map((code) => ({ code, name: names?.of(code) ?? code, dial: getCountryCallingCode(code) }))
      .sort((a, b) => a.name.localeCompare(b.name, locale));
  }, [locale]);
}

type Step = 'number' | 'code' | 'done';

/**
 * The phone verification flow (spec "Phone verification dialog"): country and number, a code sent
 * by SMS, six digits back. `onVerified` runs one second after the success message shows.
 */
export function PhoneVerifyForm({ onVerified, autoFocus = true }: { onVerified: () => void; autoFocus?: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const countries = useCountryOptions();
  const [country, setCountry] = useState<CountryCode>(DEFAULT_COUNTRY);
  const [number, setNumber] = useState('');
  const [code, setCode] = useState('');
  const [step, setStep] = useState<Step>('number');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<Problem | null>(null);
  const [begin, beginState] = useBeginPhoneVerifyMutation();
  const [verify, verifyState] = useVerifyPhoneCodeMutation();
  const { data: environment } = useGetDeploymentEnvironmentQuery();
  const [fetchDevCode, devCode] = useLazyGetDevPhoneCodeQuery();
  const codeRef = useRef<HTMLInputElement>(null);
  const onVerifiedRef = useRef(onVerified);
  onVerifiedRef.current = onVerified;

  const dial = getCountryCallingCode(country);
  const showDevBanner = environment !== undefined && environment !== 'production';

  useEffect(() => {
    if (step === 'code') codeRef.current?.focus();
    if (step !== 'done') return;
    const timer = window.setTimeout(() => onVerifiedRef.current(), SUCCESS_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [step]);

  async function sendCode(event?: FormEvent) {
    event?.preventDefault();
    setError(null);
    const parsed = parsePhoneNumberFromString(number, country);
    if (!number || !parsed || !parsed.isValid()) {
      setError({ text: t('phone.errors.invalidPhoneNumber'), field: 'number' });
      return;
    }
    try {
      const answer = await begin({ phoneNumber: number, countryCode: country.toLowerCase() }).unwrap();
      setSentTo(answer.phoneNumber);
      setCode('');
      setStep('code');
      if (showDevBanner) void fetchDevCode(answer.phoneNumber);
    } catch (failure) {
      const code = apiErrorCode(failure);
      if (code === 'ValidationFailed') return setError({ text: t('phone.errors.invalidPhoneNumber'), field: 'number' });
      const text = apiErrorMessage(t, failure);
      if (!text) console.error('Could not start phone verification', failure);
      setError({ text: text ?? t('phone.errors.unexpected'), field: code === 'InvalidPhoneNumber' ? 'number' : undefined });
    }
  }

  async function checkCode(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!new RegExp(`^\\d{${CODE_LENGTH}}$`).test(code)) {
      setError({ text: t('phone.errors.wrongCode'), field: 'code' });
      return;
    }
    try {
      const { status } = await verify({ code }).unwrap();
      if (status === 'Approved') setStep('done');
      else if (status === 'WrongCode') setError({ text: t('phone.errors.wrongCode'), field: 'code' });
      else setError({ text: t('phone.errors.unexpected') });
    } catch (failure) {
      if (apiErrorCode(failure) === 'ValidationFailed') return setError({ text: t('phone.errors.wrongCode'), field: 'code' });
      const text = apiErrorMessage(t, failure);
      if (!text) console.error('Could not check the code', failure);
      setError({ text: text ?? t('phone.errors.unexpected') });
    }
  }

  if (step === 'done') {
    return (
      <div className={styles.success} role="status" data-testid="phone-verified">
        <span className={styles.successIcon} aria-hidden="true">
          <svg viewBox="0 0 24 24" width="28" height="28">
            <path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </span>
        <p className={styles.successTitle}>{t('phone.verified')}</p>
        <p className={styles.muted}>{sentTo ? formatPhoneNumber(sentTo) : null}</p>
      </div>
    );
  }

  const errorBox = error ? (
    <p className="alert" role="alert" id={`${id}-error`}>
      {error.text}
    </p>
  ) : null;

  if (step === 'code') {
    return (
      <form className={styles.form} onSubmit={checkCode} noValidate aria-busy={verifyState.isLoading}>
        <p className={styles.sent}>{t('phone.codeSent', { number: sentTo ? formatPhoneNumber(sentTo) : '' })}</p>
        {showDevBanner && devCode.data ? (
          <p className={styles.devBanner} data-testid="dev-phone-code">
            <span className={styles.devTag}>{t('phone.devBanner.tag')}</span>
            {t('phone.devBanner.text')} <strong>{devCode.data.code}</strong>
          </p>
        ) : null}
        <div className="field">
          <label htmlFor={`${id}-code`}>{t('phone.code')}</label>
          <input
            ref={codeRef}
            id={`${id}-code`}
            className={`input ${styles.codeInput}`}
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={CODE_LENGTH}
            placeholder="••••••"
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, CODE_LENGTH))}
            aria-invalid={error?.field === 'code'}
            aria-describedby={error ? `${id}-error` : `${id}-code-hint`}
          />
          <span id={`${id}-code-hint`} className={styles.hint}>
            {t('phone.codeHint')}
          </span>
        </div>
        {errorBox}
        <div className={styles.actions}>
          <button type="submit" className="btn btn-primary" disabled={verifyState.isLoading}>
            {verifyState.isLoading ? t('phone.verifying') : t('phone.verify')}
          </button>
          <div className={styles.secondary}>
            <button type="button" className={styles.linkButton} onClick={() => void sendCode()} disabled={beginState.isLoading}>
              {t('phone.resend')}
            </button>
            <button
              type="button"
              className={styles.linkButton}
              onClick={() => {
                setStep('number');
                setError(null);
              }}
            >
              {t('phone.changeNumber')}
            </button>
          </div>
        </div>
      </form>
    );
  }

  return (
    <form className={styles.form} onSubmit={sendCode} noValidate aria-busy={beginState.isLoading}>
      <div className="field">
        <label htmlFor={`${id}-country`}>{t('phone.country')}</label>
        <select
          id={`${id}-country`}
          className="select"
          value={country}
          onChange={(e) => setCountry(e.target.value as CountryCode)}
          autoFocus={autoFocus}
        >
          {countries.map((option) => (
            <option key={option.code} value={option.code}>
              {option.name} (+{option.dial})
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-number`}>{t('phone.number')}</label>
        <div className={styles.numberRow}>
          <span className={styles.prefix} aria-hidden="true">
            +{dial}
          </span>
          <input
            id={`${id}-number`}
            className="input"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            placeholder={t('phone.numberPlaceholder')}
            value={number}
            onChange={(e) => setNumber(e.target.value.replace(/\D/g, '').slice(0, 17))}
            aria-invalid={error?.field === 'number'}
            aria-describedby={error ? `${id}-error` : `${id}-number-hint`}
          />
        </div>
        <span id={`${id}-number-hint`} className={styles.hint}>
          {t('phone.numberHint', { dial })}
        </span>
      </div>
      {errorBox}
      <div className={styles.actions}>
        <button type="submit" className="btn btn-primary" disabled={beginState.isLoading}>
          {beginState.isLoading ? t('phone.sending') : t('phone.sendCode')}
        </button>
      </div>
    </form>
  );
}
