import { useTranslation } from 'react-i18next';
import type { Brand } from '@bahati/contracts';
import type { BrandField } from './brand-checks';
import type { Errors } from './use-brand-editor';
import styles from './admin-branding.module.css';

const COLOUR = /^#[0-9a-fA-F]{6}$/;

interface FieldProps {
  id: string;
  brand: Brand;
  errors: Errors;
  update: (field: BrandField, value: string) => void;
}

/** A brand's text field (id, name, site name) with its hint and error; the id of a stored brand is read-only. */
function TextField({ id, brand, errors, update, field, hint, locked = false }: FieldProps & { field: 'id' | 'name' | 'siteName'; hint?: string; locked?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={`field ${styles.field}`}>
      <label htmlFor={`${id}-${field}`}>{t(`adminBranding.fields.${field}`)}</label>
      <input
        id={`${id}-${field}`}
        className="input"
        value={brand[field]}
        onChange={(event) => update(field, event.target.value)}
        readOnly={locked}
        autoComplete="off"
        spellCheck={false}
        maxLength={field === 'id' ? 40 : 80}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={[hint ? `${id}-${field}-hint` : '', errors[field] ? `${id}-${field}-error` : ''].filter(Boolean).join(' ') || undefined}
        data-testid={`brand-${field}`}
      />
      {hint ? (
        <span id={`${id}-${field}-hint`} className={styles.hint}>
          {hint}
        </span>
      ) : null}
      {errors[field] ? (
        <span id={`${id}-${field}-error`} className={styles.fieldError} role="alert">
          {errors[field]}
        </span>
      ) : null}
    </div>
  );
}

/** The brand's colour: a picker and its hex code, side by side. */
function ColourField({ id, brand, errors, update }: FieldProps) {
  const { t } = useTranslation();
  const colour = brand.colour;
  return (
    <div className={`field ${styles.field}`}>
      <label htmlFor={`${id}-colour`}>{t('adminBranding.fields.colour')}</label>
      <div className={styles.colourRow}>
        <input
          type="color"
          className={styles.swatch}
          value={COLOUR.test(colour) ? colour.toLowerCase() : '#000000'}
          onChange={(event) => update('colour', event.target.value)}
          aria-label={t('adminBranding.fields.colour')}
          data-testid="brand-colour-picker"
        />
        <input
          id={`${id}-colour`}
          className="input"
          value={colour}
          onChange={(event) => update('colour', event.target.value.trim())}
          maxLength={7}
          autoComplete="off"
          spellCheck={false}
          aria-label={t('adminBranding.colourHex')}
          aria-invalid={errors.colour ? true : undefined}
          aria-describedby={`${id}-colour-hint${errors.colour ? ` ${id}-colour-error` : ''}`}
          data-testid="brand-colour"
        />
      </div>
      <span id={`${id}-colour-hint`} className={styles.hint}>
        {t('adminBranding.hints.colour')}
      </span>
      {errors.colour ? (
        <span id={`${id}-colour-error`} className={styles.fieldError} role="alert">
          {errors.colour}
        </span>
      ) : null}
    </div>
  );
}

/** The brand's details: its id, name, site name and colour. */
export function BrandFields({ isNew, ...props }: FieldProps & { isNew: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={styles.fields}>
      {isNew ? <TextField {...props} field="id" hint={t('adminBranding.hints.id')} /> : <TextField {...props} field="id" hint={t('adminBranding.hints.idFixed')} locked />}
      <TextField {...props} field="name" />
      <TextField {...props} field="siteName" hint={t('adminBranding.hints.siteName')} />
      <ColourField {...props} />
    </div>
  );
}
