import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './copy-button.module.css';

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Clipboard API unavailable (plain http, old browser): the selection fallback.
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  }
}

/** A small button that copies `text` and says so for two seconds. */
export function CopyButton({ text, label, compact = false }: { text: string; label: string; compact?: boolean }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    if (state === 'idle') return;
    const timer = window.setTimeout(() => setState('idle'), 2000);
    return () => window.clearTimeout(timer);
  }, [state]);

  const shown = state === 'copied' ? t('copy.copied') : state === 'failed' ? t('copy.failed') : t('copy.copy');
  return (
    <button
      type="button"
      className={`btn btn-ghost btn-sm ${styles.button} ${compact ? styles.compact : ''} ${state === 'copied' ? styles.copied : ''}`}
      onClick={() => void copyText(text).then((ok) => setState(ok ? 'copied' : 'failed'))}
      aria-label={compact ? `${label}: ${shown}` : label}
      title={label}
    >
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
        {state === 'copied' ? (
          <path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
        ) : (
          <>
            <rect x="8" y="8" width="12" height="12" rx="2" fill="none" stroke="currentColor" strokeWidth="1.8" />
            <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" fill="none" stroke="currentColor" strokeWidth="1.8" />
          </>
        )}
      </svg>
      {compact ? null : <span>{shown}</span>}
      <span className="visually-hidden" aria-live="polite">
        {state === 'idle' ? '' : shown}
      </span>
    </button>
  );
}
