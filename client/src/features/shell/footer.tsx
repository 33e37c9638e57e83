import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { BrandMark } from '@/components/brand-mark';
import { LocalizedLink } from '@/components/localized-link';
import { LANGUAGES, isLanguageCode, languageSwitchUrl, rememberLanguage } from '@/i18n/languages';
import { useLanguage } from '@/i18n/use-localized-path';
import { GlobeIcon } from './icons';
import styles from './footer.module.css';

const LINKS = [
  { to: '/bahati-contact-information', label: 'shell.footer.contact' },
  { to: '/responsible-gaming-practices', label: 'shell.footer.responsibleGaming' },
  { to: '/bahati-privacy-policy', label: 'shell.footer.privacy' },
  { to: '/bahati-terms-of-use', label: 'shell.footer.terms' },
  { to: '/proof-of-liabilities', label: 'shell.footer.liabilities' },
] as const;

function LanguageSelect() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const id = useId();
  const location = useLocation();
  return (
    <div className={styles.language}>
      <label htmlFor={id} className={styles.languageLabel}>
        <GlobeIcon />
        {t('shell.footer.language')}
      </label>
      <select
        id={id}
        className={`select ${styles.select}`}
        value={lang}
        onChange={(event) => {
          const next = event.target.value;
          // Spec §2: a language change reloads the app under the new prefix; `next` brings the player back to this page.
          if (!isLanguageCode(next) || next === lang) return;
          rememberLanguage(next);
          window.location.assign(languageSwitchUrl(next, location));
        }}
      >
        {LANGUAGES.map((l) => (
          <option key={l.code} value={l.code} lang={l.code}>
            {l.name}
          </option>
        ))}
      </select>
    </div>
  );
}

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.brand}>
          <BrandMark size={34} />
          <div>
            <div className={styles.wordmark}>{t('common.brand')}</div>
            <div className={styles.tagline}>{t('shell.tagline')}</div>
          </div>
        </div>

        <nav aria-label={t('shell.footer.nav')} className={styles.nav}>
          <ul>
            {LINKS.map((link) => (
              <li key={link.to}>
                <LocalizedLink to={link.to}>{t(link.label)}</LocalizedLink>
              </li>
            ))}
          </ul>
        </nav>

        <LanguageSelect />
      </div>
      <div className={styles.bottom}>
        <span className={styles.age} aria-hidden="true">
          18+
        </span>
        <span>{t('shell.footer.adultsOnly')}</span>
        <span className={styles.copyright}>{t('shell.footer.copyright')}</span>
      </div>
    </footer>
  );
}
