import { useTranslation } from 'react-i18next';
import type { BrandPreviewResponse } from '@bahati/contracts';
import styles from './admin-branding.module.css';

/**
 * What the server's preview found: the drawings the sanitiser would leave blank, named (an alert, before
 * anything is saved), else whether it removes anything at all.
 */
export function PreviewSummary({ preview, label }: { preview: BrandPreviewResponse; label: (field: string) => string }) {
  const { t } = useTranslation();
  if (preview.blanked.length > 0) {
    return (
      <section className={`panel ${styles.blankWarning}`} role="alert" aria-labelledby="brand-blank-title" data-testid="brand-blank-warning">
        <h2 id="brand-blank-title" className={styles.h2}>
          {t('adminBranding.blankedTitle')}
        </h2>
        <p>{t('adminBranding.blankedText', { fields: preview.blanked.map(label).join(', ') })}</p>
      </section>
    );
  }
  return (
    <p className={styles.previewStatus} role="status" data-testid="brand-preview-status">
      {preview.removed.length > 0 ? t('adminBranding.previewRemoved', { n: preview.removed.length }) : t('adminBranding.previewClean')}
    </p>
  );
}
