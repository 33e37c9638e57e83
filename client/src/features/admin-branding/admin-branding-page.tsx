import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { BRAND_SVG_FIELDS } from '@bahati/contracts';
import { Page, PageHeader } from '@/components/page/page';
import { Spinner } from '@/components/spinner';
import { useLocalizePath } from '@/i18n/use-localized-path';
import { apiErrorMessage, apiServerMessage } from '@/lib/api';
import { BrandFields } from './brand-fields';
import { SaveResultDialog } from './save-result-dialog';
import { SvgField } from './svg-field';
import { useBrandEditor } from './use-brand-editor';
import styles from './admin-branding.module.css';

/** Admin "Branding" (spec §2): choose a brand, create one, edit its fields and drawings with live previews, save. */
export function Component() {
  const { t } = useTranslation();
  const id = useId();
  const localize = useLocalizePath();
  const { brands, saving, options, current, dirty, errors, result, setResult, update, updateSvg, choose, createNew, onSave } = useBrandEditor();

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
                        : t('adminBranding.brandOption', { name: option.brand.name, id: option.brand.id })}
                    </option>
                  ))}
                </select>
              </div>
              <button type="button" className="btn btn-ghost" onClick={createNew} data-testid="brand-create">
                {t('adminBranding.createNew')}
              </button>
              {!current.isNew ? (
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
                <SvgField key={field} field={field} value={current.brand[field]} error={errors[field]} onChange={updateSvg} />
              ))}
            </div>
          </section>

          <div className={styles.saveBar}>
            {status ? (
              <span className={styles.status} data-testid="brand-status">
                {status}
              </span>
            ) : null}
            <button type="submit" className="btn btn-primary" disabled={saving} data-testid="brand-save">
              {saving ? t('adminBranding.saving') : t('adminBranding.save')}
            </button>
          </div>
        </form>
      )}

      <SaveResultDialog result={result} onClose={() => setResult(null)} />
    </Page>
  );
}
