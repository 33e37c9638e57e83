import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The browser tab's title for a screen, in the language on screen: "<title> · Bahati". `null` leaves the title
 * as it is (while the screen's own title is still loading).
 */
export function useDocumentTitle(title: string | null | undefined): void {
  const { t } = useTranslation();
  const brand = t('common.brand');
  useEffect(() => {
    if (title) document.title = `${title} · ${brand}`;
  }, [brand, title]);
}
