import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/dialog/dialog';
import styles from './admin-branding.module.css';

export type SaveResult =
  | { kind: 'saved'; name: string; created: boolean; removed: string[] }
  | { kind: 'failed'; lines: string[] };

/** After Save: "Brand saved" with what the sanitiser removed, or "SAVE FAILED" with each field's error on its own line (spec §5, §8). */
export function SaveResultDialog({ result, onClose }: { result: SaveResult | null; onClose: () => void }) {
  const { t } = useTranslation();
  if (!result) return null;
  const ok = (
    <button type="button" className="btn btn-primary" onClick={onClose}>
      {t('adminBranding.result.ok')}
    </button>
  );
  if (result.kind === 'saved') {
    return (
      <Dialog open onClose={onClose} title={t('adminBranding.result.savedTitle')} tone="success" footer={ok} testId="brand-saved">
        <p>{result.created ? t('adminBranding.result.created', { name: result.name }) : t('adminBranding.result.updated', { name: result.name })}</p>
        {result.removed.length > 0 ? (
          <>
            <p>{t('adminBranding.result.removedIntro')}</p>
            <ul className={styles.lines} data-testid="brand-removed">
              {result.removed.map((line, i) => (
                <li key={i}>{line}</li>
              ))}
            </ul>
          </>
        ) : null}
      </Dialog>
    );
  }
  return (
    <Dialog open onClose={onClose} title={t('adminBranding.result.failedTitle')} footer={ok} testId="brand-save-failed">
      <ul className={styles.lines} data-testid="brand-save-errors">
        {result.lines.map((line, i) => (
          <li key={i}>{line}</li>
        ))}
      </ul>
    </Dialog>
  );
}
