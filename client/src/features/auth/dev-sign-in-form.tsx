import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useRequestDevIdTokenMutation } from './auth-api';
import { useSignIn } from './use-sign-in';
import styles from './auth.module.css';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The development identity provider: an e-mail (and optional name) in place of the Google button. */
export function DevSignInForm() {
  const { t } = useTranslation();
  const id = useId();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [requestIdToken, tokenRequest] = useRequestDevIdTokenMutation();
  const { signIn, fail, isPending, isFailed } = useSignIn();
  const busy = isPending || tokenRequest.isLoading;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = email.trim();
    if (!EMAIL.test(trimmed)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    try {
      const trimmedName = name.trim();
      const { idToken } = await requestIdToken({ email: trimmed, ...(trimmedName ? { name: trimmedName } : {}) }).unwrap();
      await signIn(idToken, null);
    } catch (error) {
      console.error('Development sign-in failed', error);
      fail();
    }
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={busy}>
      <div className="field">
        <label htmlFor={`${id}-email`}>{t('auth.email')}</label>
        <input
          id={`${id}-email`}
          className="input"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          placeholder={t('auth.emailPlaceholder')}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={invalid}
          aria-describedby={invalid ? `${id}-email-error` : undefined}
          required
        />
        {invalid ? (
          <span id={`${id}-email-error`} className={styles.fieldError}>
            {t('auth.invalidEmail')}
          </span>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor={`${id}-name`}>
          {t('auth.name')} <span className="hint">{t('auth.optional')}</span>
        </label>
        <input
          id={`${id}-name`}
          className="input"
          type="text"
          name="name"
          autoComplete="name"
          maxLength={100}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      {isFailed ? (
        <p className="alert" role="alert">
          {t('auth.failed')}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary btn-lg" disabled={busy}>
        {busy ? t('auth.submitting') : t('auth.submit')}
      </button>
      <p className={styles.devNote}>{t('auth.devNote')}</p>
    </form>
  );
}
