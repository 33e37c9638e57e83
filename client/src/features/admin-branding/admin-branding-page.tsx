import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BRAND_SVG_FIELDS, type Brand } from '@bahati/contracts';
import { Page, PageHeader } from '@/components/page/page';
import { Spinner } from '@/components/spinner';
import { useLocalizePath } from '@/i18n/use-localized-path';
import { apiErrorMessage, apiServerMessage } from '@/lib/api';
import { BrandFields } from './brand-fields';
import { PreviewSummary } from './preview-summary';
import { RetireBrand, RetireBrandDialog } from './retire-brand';
import { SaveResultDialog } from './save-result-dialog';
import { SvgField } from './svg-field';
import { useBrandEditor } from './use-brand-editor';
import styles from './admin-branding.module.css';

/** Admin "Branding" (spec §2): choose a brand, create one, edit its fields and drawings with live previews, save. */
export function Component() {
  const { t } = useTranslation();
  const id = useId();
  const localize = useLocalizePath();
  const editor = useBrandEditor();
  const { brands, saving, options, current, dirty, errors, result, setResult, update, updateSvg, choose, createNew, onSave, onPreview, retired, preview, previewing } = editor;
  const [retiring, setRetiring] = useState<Brand | null>(null);
  const isRetired = (id: string) => Boolean(brands.data?.find((b) => b.id === id)?.retired);

  useEffect(() => {
    document.title = `${t('adminBranding.title')} · ${t('common.brand')}`;
  }, [t]);

  const status = current?.isNew ? t('adminBranding.newNotSaved') : dirty ? t('adminBranding.unsaved') : null;

  return (
    <Page>
      <PageHeader title={t('adminBranding.title')} lead={t('adminBranding.lead')} />

      {brands.isError ? (
        <p className="alert" role="alert">
          {t('adminBranding.loadFailed', { message: apiServerMessage(brands.error) ?? apiErrorMessage(t, brands.error) ?? t('bonuses.failed') })}
        </p>
      ) : null}

      {brands.isLoading ? (
        <Spinner label={t('common.loading')} />
      ) : !current ? (
        brands.isError ? null : <p className={styles.hint}>{t('adminBranding.empty')}</p>
      ) : (
        <form className={styles.editor} onSubmit={(event) => void onSave(event)} noValidate data-testid="brand-editor">
          <section className={`panel ${styles.card}`} aria-labelledby={`${id}-details`}>
            <div className={styles.toolbar}>
              <div className={`field ${styles.select}`}>
                <label htmlFor={`${id}-brand`}>{t('adminBranding.brand')}</label>
                <select id={`${id}-brand`} className="select" value={current.key} onChange={(event) => choose(event.target.value)} data-testid="brand-select">
                  {options.map((option) => (
                    <option key={option.key} value={option.key}>
                      {option.isNew
                        ? t('adminBranding.newOption', { name: option.brand.name || option.brand.id })
                        : isRetired(option.brand.id)
                          ? t('adminBranding.retiredOption', { name: option.brand.name, id: option.brand.id })
                          : t('adminBranding.brandOption', { name: option.brand.name, id: option.brand.id })}
                    </option>
                  ))}
                </select>
              </div>
              <button type="button" className="btn btn-ghost" onClick={createNew} data-testid="brand-create">
                {t('adminBranding.createNew')}
              </button>
              {!current.isNew ? <RetireBrand brand={current.brand} retired={retired} onRetire={() => setRetiring(current.brand)} /> : null}
              {!current.isNew && !retired ? (
                <a className={styles.openTable} href={`${localize('/game')}?id=${encodeURIComponent(current.brand.id)}`} target="_blank" rel="noopener noreferrer">
                  {t('adminBranding.openTable')} <span className="visually-hidden">{t('common.externalLink')}</span>
                </a>
              ) : null}
            </div>

            <h2 id={`${id}-details`} className={styles.h2}>
              {t('adminBranding.details')}
            </h2>
            <BrandFields id={id} brand={current.brand} isNew={current.isNew} errors={errors} update={update} />
          </section>

          <section className={`panel ${styles.card}`} aria-labelledby={`${id}-drawings`}>
            <h2 id={`${id}-drawings`} className={styles.h2}>
              {t('adminBranding.drawings')}
            </h2>
            <p className={styles.lead}>{t('adminBranding.drawingsLead')}</p>
            <div className={styles.svgGrid}>
              {BRAND_SVG_FIELDS.map((field) => (
                <SvgField
                  key={field}
                  field={field}
                  value={current.brand[field]}
                  error={errors[field]}
                  sanitised={preview?.brand[field]}
                  blank={preview?.blanked.includes(field) ?? false}
                  onChange={updateSvg}
                />
              ))}
            </div>
          </section>

          {preview ? <PreviewSummary preview={preview} label={editor.label} /> : null}

          <div className={styles.saveBar}>
            {status ? (
              <span className={styles.status} data-testid="brand-status">
                {status}
              </span>
            ) : null}
            <button type="button" className="btn btn-ghost" onClick={() => void onPreview()} disabled={previewing || saving} data-testid="brand-preview">
              {previewing ? t('adminBranding.previewing') : t('adminBranding.previewSanitised')}
            </button>
            <button type="submit" className="btn btn-primary" disabled={saving || previewing} data-testid="brand-save">
              {saving ? t('adminBranding.saving') : preview && preview.blanked.length > 0 ? t('adminBranding.saveAnyway') : t('adminBranding.save')}
            </button>
          </div>
        </form>
      )}

      <RetireBrandDialog brand={retiring} onClose={() => setRetiring(null)} />
      <SaveResultDialog result={result} onClose={() => setResult(null)} />
    </Page>
  );
}
