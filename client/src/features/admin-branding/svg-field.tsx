import { memo, useId, useMemo, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BRAND_SVG_SIZES, type BrandSvgField } from '@bahati/contracts';
import { svgDataUrl } from '@/lib/brand/svg-data-url';
import { MAX_SVG_KB, sizeMismatch, svgBytes } from './brand-checks';
import styles from './admin-branding.module.css';

interface SvgFieldProps {
  field: BrandSvgField;
  value: string;
  /** What the last check or the server said about this field. */
  error?: string;
  /** The drawing as the server's preview sanitised it, while that preview is of this very markup. */
  sanitised?: string;
  /** The sanitiser leaves nothing to draw in it. */
  blank?: boolean;
  onChange: (field: BrandSvgField, value: string) => void;
}

/** One drawing of the brand: its live preview at its exact size (sanitised once previewed), its markup, and a .svg upload. */
export const SvgField = memo(function SvgField({ field, value, error, sanitised, blank = false, onChange }: SvgFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const [uploadError, setUploadError] = useState(false);
  const { width, height } = BRAND_SVG_SIZES[field];
  const label = t(`adminBranding.fields.${field}`);
  const shown = sanitised ?? value;
  const url = useMemo(() => (shown.trim() ? svgDataUrl(shown) : null), [shown]);
  const drawnAt = useMemo(() => sizeMismatch(field, value), [field, value]);
  const kb = (svgBytes(value) / 1024).toFixed(1);

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      onChange(field, await file.text());
      setUploadError(false);
    } catch {
      setUploadError(true);
    }
  }

  const describedBy = [`${id}-size`, drawnAt ? `${id}-drawn` : '', blank ? `${id}-blank` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <section className={`${styles.svgField} ${width > 300 ? styles.wide : ''}`} aria-labelledby={`${id}-title`} data-testid={`svg-field-${field}`}>
      <div className={styles.svgHead}>
        <h3 id={`${id}-title`} className={styles.svgTitle}>
          {label}
        </h3>
        <span id={`${id}-size`} className={styles.hint}>
          {t('adminBranding.size', { width, height })}
        </span>
      </div>

      <div className={styles.previewFrame}>
        <div className={styles.preview} style={{ width, height }}>
          {url ? (
            <img
              src={url}
              width={width}
              height={height}
              alt={sanitised === undefined ? t('adminBranding.preview', { field: label }) : t('adminBranding.sanitisedPreview', { field: label })}
              data-testid={`preview-${field}`}
              data-sanitised={sanitised === undefined ? undefined : 'true'}
            />
          ) : (
            <span className={styles.hint}>{t('adminBranding.noPreview')}</span>
          )}
        </div>
      </div>

      <label htmlFor={`${id}-markup`} className="visually-hidden">
        {t('adminBranding.markup', { field: label })}
      </label>
      <textarea
        id={`${id}-markup`}
        className={`input ${styles.markup}`}
        value={value}
        spellCheck={false}
        autoComplete="off"
        rows={5}
        onChange={(event) => onChange(field, event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        data-testid={`markup-${field}`}
      />
      <div className={styles.svgFoot}>
        <label className={`btn btn-ghost btn-sm ${styles.upload}`}>
          {t('adminBranding.upload')}
          <input
            type="file"
            accept=".svg,image/svg+xml"
            className="visually-hidden"
            aria-label={t('adminBranding.uploadLabel', { field: label })}
            onChange={(event) => void upload(event)}
            data-testid={`upload-${field}`}
          />
        </label>
        <span className={styles.hint}>{t('adminBranding.bytes', { size: kb, max: MAX_SVG_KB })}</span>
      </div>
      {sanitised !== undefined && !blank ? <span className={styles.hint}>{t('adminBranding.sanitisedTag')}</span> : null}
      {blank ? (
        <span id={`${id}-blank`} className={styles.warning} data-testid={`blank-${field}`}>
          {t('adminBranding.blankField')}
        </span>
      ) : null}
      {drawnAt ? (
        <span id={`${id}-drawn`} className={styles.warning}>
          {t('adminBranding.drawnAt', { width: drawnAt.width, height: drawnAt.height, expectedWidth: width, expectedHeight: height })}
        </span>
      ) : null}
      {uploadError ? (
        <span className={styles.fieldError} role="alert">
          {t('adminBranding.uploadFailed')}
        </span>
      ) : null}
      {error ? (
        <span id={`${id}-error`} className={styles.fieldError} role="alert" data-testid={`error-${field}`}>
          {error}
        </span>
      ) : null}
    </section>
  );
});
