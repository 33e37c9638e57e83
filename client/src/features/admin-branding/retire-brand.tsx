import { useTranslation } from 'react-i18next';
import { type AdminBrand, type Brand, DEFAULT_BRAND_ID } from '@bahati/contracts';
import { ReasonDialog } from '@/components/reason/reason-dialog';
import { useFormats } from '@/i18n/use-localized-path';
import { apiErrorMessage, apiServerMessage } from '@/lib/api';
import { useRetireBrandMutation } from './admin-branding-api';
import styles from './admin-branding.module.css';

/**
 * A stored brand's retirement in the editor's toolbar: the notice of a retired one (when and why), or, for any
 * other brand but the default one, the button that asks for a reason (the dialog sits outside the editor's form).
 */
export function RetireBrand({ brand, retired, onRetire }: { brand: Brand; retired: AdminBrand['retired']; onRetire: () => void }) {
  const { t } = useTranslation();
  const formats = useFormats();
  if (retired) {
    const date = new Intl.DateTimeFormat(formats.locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(Date.parse(retired.at));
    return (
      <p className={styles.retired} data-testid="brand-retired">
        {t('adminBranding.retiredNotice', { date, reason: retired.reason })}
      </p>
    );
  }
  if (brand.id === DEFAULT_BRAND_ID) return null;
  return (
    <button type="button" className="btn btn-ghost" onClick={onRetire} data-testid="brand-retire">
      {t('adminBranding.retire')}
    </button>
  );
}

/** Retires `brand` once a reason is given; a refusal is shown in the dialog. */
export function RetireBrandDialog({ brand, onClose }: { brand: Brand | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [retire] = useRetireBrandMutation();

  async function confirm(reason: string | undefined): Promise<string | null> {
    if (!brand) return null;
    try {
      await retire({ id: brand.id, reason: reason ?? '' }).unwrap();
      return null;
    } catch (error) {
      return t('adminBranding.retireFailed', { message: apiServerMessage(error) ?? apiErrorMessage(t, error) ?? t('bonuses.failed') });
    }
  }

  return (
    <ReasonDialog
      open={brand !== null}
      title={brand ? t('adminBranding.retireTitle', { name: brand.name }) : ''}
      description={brand ? t('adminBranding.retireText', { id: brand.id }) : undefined}
      confirmLabel={t('adminBranding.retireConfirm')}
      danger
      required
      onConfirm={confirm}
      onClose={onClose}
      testId="brand-retire-dialog"
    />
  );
}
