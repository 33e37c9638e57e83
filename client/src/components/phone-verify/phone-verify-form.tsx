import { getCountries, getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatLocale } from '@/i18n/use-localized-path';
import { codeDigits, usePhoneVerification } from './use-phone-verification';
import styles from './phone-verify.module.css';

/** "+1 201 555 0123" rather than "+12015550123". */
export function formatPhoneNumber(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
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

/**
 * The phone verification flow (spec "Phone verification dialog"): country and number, a code sent
 * by SMS, six digits back. `onVerified` runs one second after the success message shows.
 */
export function PhoneVerifyForm({ onVerified, autoFocus = true }: { onVerified: () => void; autoFocus?: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const countries = useCountryOptions();
  const { country, setCountry, number, setNumber, code, setCode, step, sentTo, error, beginState, verifyState, devCode, dial, showDevBanner, codeRef, sendCode, checkCode, changeNumber } =
    usePhoneVerification(onVerified);

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
            placeholder="••••••"
            value={code}
            // No maxLength: the browser would cut "123 456" to "123 45" before it is read; the digits are kept here.
            onChange={(e) => setCode(codeDigits(e.target.value))}
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
              onClick={changeNumber}
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
