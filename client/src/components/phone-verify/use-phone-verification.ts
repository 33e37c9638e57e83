import { getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorCode, apiErrorMessage } from '@/lib/api';
import { useBeginPhoneVerifyMutation, useGetDeploymentEnvironmentQuery, useLazyGetDevPhoneCodeQuery, useVerifyPhoneCodeMutation } from './phone-api';

const DEFAULT_COUNTRY: CountryCode = 'US';
export const CODE_LENGTH = 6;

/** The first digit (zero) of each script whose digits a player may type or paste: ASCII, Arabic-Indic, Persian/Urdu, Devanagari, Bengali, full-width. */
const ZEROS = [0x30, 0x660, 0x6f0, 0x966, 0x9e6, 0xff10];

/**
 * The code as typed or pasted, reduced to its digits: "123 456", "123-456" or "Code: 123456" all keep their six
 * digits, and digits of another script are read as the ASCII ones the server checks.
 */
export function codeDigits(text: string): string {
  let digits = '';
  for (const char of text) {
    const point = char.codePointAt(0)!;
    const zero = ZEROS.find((z) => point >= z && point <= z + 9);
    if (zero !== undefined) digits += String(point - zero);
  }
  return digits.slice(0, CODE_LENGTH);
}
/** Spec: success shows, then the dialog closes after one second. */
const SUCCESS_CLOSE_MS = 1000;

/** What went wrong, and the field it is about (marked invalid). */
interface Problem {
  text: string;
  field?: 'number' | 'code';
}

type Step = 'number' | 'code' | 'done';

/**
 * The phone verification's state and steps: the number (checked here, then sent), the code the SMS brought
 * (outside production the dev code is fetched too), and `onVerified` one second after success.
 */
export function usePhoneVerification(onVerified: () => void) {
  const { t } = useTranslation();
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

  const changeNumber = () => {
    setStep('number');
    setError(null);
  };

  return { country, setCountry, number, setNumber, code, setCode, step, sentTo, error, beginState, verifyState, devCode, dial, showDevBanner, codeRef, sendCode, checkCode, changeNumber };
}
