import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocalizedLink } from '@/components/localized-link';
import { useSignIn } from './use-sign-in';
import styles from './auth.module.css';

interface GoogleCredentialResponse {
  credential: string;
}

interface GoogleAccountsId {
  initialize(config: {
    client_id: string;
    callback: (response: GoogleCredentialResponse) => void;
    auto_select?: boolean;
    cancel_on_tap_outside?: boolean;
    itp_support?: boolean;
  }): void;
  renderButton(
    parent: HTMLElement,
    options: { type: 'standard' | 'icon'; size?: 'large' | 'medium' | 'small'; theme?: string; shape?: string; width?: number; locale?: string },
  ): void;
  disableAutoSelect(): void;
}

declare global {
  interface Window {
    google?: { accounts: { id: GoogleAccountsId } };
  }
}

const GSI_SRC = 'https://accounts.google.com/gsi/client';
const BUTTON_WIDTH = 240; // spec §5: between 200 and 400

let gsiScript: Promise<GoogleAccountsId> | null = null;
let initializedFor: string | null = null;
/** The most recently mounted button receives the credential (one-tap is never prompted). */
let onCredential: ((response: GoogleCredentialResponse) => void) | null = null;

function loadGsi(): Promise<GoogleAccountsId> {
  if (window.google?.accounts?.id) return Promise.resolve(window.google.accounts.id);
  gsiScript ??= new Promise<GoogleAccountsId>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GSI_SRC;
    script.async = true;
    script.defer = true;
    script.onload = () => (window.google?.accounts?.id ? resolve(window.google.accounts.id) : reject(new Error('GSI missing')));
    script.onerror = () => {
      gsiScript = null;
      script.remove();
      reject(new Error('GSI failed to load'));
    };
    document.head.appendChild(script);
  });
  return gsiScript;
}

/** The `picture` claim of the Google ID token, sent to the server as the profile photo. */
function pictureOf(credential: string): string | null {
  try {
    const payload = credential.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const picture = (JSON.parse(json) as { picture?: unknown }).picture;
    return typeof picture === 'string' ? picture : null;
  } catch {
    return null;
  }
}

/** Google Identity Services' icon button (large), loaded only when a page shows it. */
export function GoogleSignInButton({ clientId, compact = false }: { clientId: string; compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const { signIn, isPending, isFailed } = useSignIn();
  const [loadFailed, setLoadFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const handler = (response: GoogleCredentialResponse) => {
      void signIn(response.credential, pictureOf(response.credential));
    };
    onCredential = handler;
    let cancelled = false;
    loadGsi()
      .then((gsi) => {
        if (cancelled || !ref.current) return;
        if (initializedFor !== clientId) {
          gsi.initialize({
            client_id: clientId,
            callback: (response) => onCredential?.(response),
            auto_select: false,
            cancel_on_tap_outside: true,
          });
          initializedFor = clientId;
        }
        gsi.renderButton(ref.current, {
          type: 'icon',
          size: 'large',
          theme: 'filled_black',
          shape: 'circle',
          width: BUTTON_WIDTH,
          locale: i18n.resolvedLanguage,
        });
      })
      .catch((error: unknown) => {
        console.error(error);
        if (!cancelled) setLoadFailed(true);
      });
    return () => {
      cancelled = true;
      if (onCredential === handler) onCredential = null;
    };
  }, [attempt, clientId, i18n.resolvedLanguage, signIn]);

  if (loadFailed) {
    // In the header, fall back to the sign-in page, which explains and offers a retry.
    if (compact) {
      return (
        <LocalizedLink to="/authentication" className="btn btn-primary btn-sm">
          {t('shell.signIn')}
        </LocalizedLink>
      );
    }
    return (
      <div className={styles.google}>
        <p className="alert" role="alert">
          {t('auth.googleFailed')}
        </p>
        <button
          type="button"
          className="btn btn-ghost"
          onClick={() => {
            setLoadFailed(false);
            setAttempt((n) => n + 1);
          }}
        >
          {t('common.retry')}
        </button>
      </div>
    );
  }

  return (
    <div className={compact ? styles.googleCompact : styles.google} aria-busy={isPending}>
      <div ref={ref} className={styles.googleSlot} data-testid="google-sign-in" />
      {isFailed ? (
        <p className={compact ? styles.popoverAlert : 'alert'} role="alert">
          {t('auth.failed')}
        </p>
      ) : null}
    </div>
  );
}
