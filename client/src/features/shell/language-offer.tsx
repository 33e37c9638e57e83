import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { LANGUAGE_OFFER_TEXTS } from '@/i18n/language-offer-texts';
import { chosenLanguage, languageSwitchUrl, languageToOffer, rememberLanguage, type LanguageCode } from '@/i18n/languages';
import { isRtlLanguage } from '@/i18n/intl';
import { useLanguage } from '@/i18n/use-localized-path';
import styles from './language-offer.module.css';

/**
 * A first visit in a language other than the browser's: offer the browser's (in its own words), once. Switching
 * keeps the page; dismissing remembers the page's language as the choice. A visitor who chose never sees it.
 */
export function LanguageOffer({ languages = navigator.languages ?? [] }: { languages?: readonly string[] }) {
  const page = useLanguage();
  const location = useLocation();
  const [offer, setOffer] = useState<LanguageCode | null>(() => languageToOffer(page, chosenLanguage(), languages));
  if (!offer) return null;
  const texts = LANGUAGE_OFFER_TEXTS[offer];
  return (
    <aside className={styles.offer} lang={offer} dir={isRtlLanguage(offer) ? 'rtl' : 'ltr'} aria-label={texts.text} data-testid="language-offer">
      <p className={styles.text}>{texts.text}</p>
      <div className={styles.actions}>
        <button
          type="button"
          className="btn btn-primary btn-sm"
          onClick={() => {
            rememberLanguage(offer);
            window.location.assign(languageSwitchUrl(offer, location));
          }}
        >
          {texts.switch}
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => {
            rememberLanguage(page);
            setOffer(null);
          }}
        >
          {texts.dismiss}
        </button>
      </div>
    </aside>
  );
}
