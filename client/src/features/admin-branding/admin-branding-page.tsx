import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BRAND_SVG_FIELDS, type Brand, type BrandSvgField } from '@bahati/contracts';
import { Page, PageHeader } from '@/components/page/page';
import { Spinner } from '@/components/spinner';
import { useLocalizePath } from '@/i18n/use-localized-path';
import { apiErrorIssues, apiErrorMessage, apiServerMessage } from '@/lib/api';
import { useBrand } from '@/lib/brand/brand-provider';
import { useGetBrandsQuery, useSaveBrandMutation } from './admin-branding-api';
import { checkBrand, type BrandField } from './brand-checks';
import { SaveResultDialog, type SaveResult } from './save-result-dialog';
import { SvgField } from './svg-field';
import styles from './admin-branding.module.css';

/** A brand being edited: a stored one (key `saved:<id>`) or one created here and not saved yet (`new:<n>`). */
interface Draft {
  brand: Brand;
  isNew: boolean;
}
interface Option extends Draft {
  key: string;
}

type Errors = Partial<Record<BrandField, string>>;

const savedKey = (id: string) => `saved:${id}`;
const BRAND_FIELDS: readonly BrandField[] = ['id', 'name', 'siteName', 'colour', ...BRAND_SVG_FIELDS];
const isBrandField = (name: string): name is BrandField => (BRAND_FIELDS as readonly string[]).includes(name);
const sameBrand = (a: Brand, b: Brand) => BRAND_FIELDS.every((field) => a[field] === b[field]);
const COLOUR = /^#[0-9a-fA-F]{6}$/;

/** A free id for a copy of `base`: `base-copy`, `base-copy-2`, … within the 40 characters an id may have. */
function freeId(base: string, taken: ReadonlySet<string>): string {
  const stem = `${base.slice(0, 30)}-copy`;
  if (!taken.has(stem)) return stem;
  for (let n = 2; ; n++) if (!taken.has(`${stem}-${n}`)) return `${stem}-${n}`;
}

/** Admin "Branding" (spec §2): choose a brand, create one, edit its fields and drawings with live previews, save. */
export function Component() {
  const { t } = useTranslation();
  const id = useId();
  const localize = useLocalizePath();
  const brands = useGetBrandsQuery();
  const { brand: appBrand } = useBrand();
  const [save, { isLoading: saving }] = useSaveBrandMutation();
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [selected, setSelected] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [result, setResult] = useState<SaveResult | null>(null);
  const created = useRef(0);

  useEffect(() => {
    document.title = `${t('adminBranding.title')} · ${t('common.brand')}`;
  }, [t]);

  const stored = brands.data ?? [];
  const options: Option[] = [
    ...stored.map((brand) => ({ key: savedKey(brand.id), ...(drafts[savedKey(brand.id)] ?? { brand, isNew: false }) })),
    ...Object.entries(drafts)
      .filter(([key]) => !stored.some((brand) => savedKey(brand.id) === key))
      .map(([key, draft]) => ({ key, ...draft })),
  ];
  const fallbackKey = appBrand && stored.some((b) => b.id === appBrand.id) ? savedKey(appBrand.id) : options[0]?.key;
  const current = options.find((o) => o.key === selected) ?? options.find((o) => o.key === fallbackKey);
  const storedVersion = current && !current.isNew ? stored.find((b) => b.id === current.brand.id) : undefined;
  const dirty = current !== undefined && (current.isNew || (storedVersion !== undefined && !sameBrand(storedVersion, current.brand)));
  const takenIds = new Set([...stored.map((b) => b.id), ...options.filter((o) => o.key !== current?.key).map((o) => o.brand.id)]);

  const currentKey = current?.key;
  const currentBrand = current?.brand;
  const currentIsNew = current?.isNew ?? false;
  const update = useCallback(
    (field: BrandField, value: string) => {
      if (!currentKey || !currentBrand) return;
      setDrafts((all) => ({ ...all, [currentKey]: { isNew: currentIsNew, brand: { ...(all[currentKey]?.brand ?? currentBrand), [field]: value } } }));
      setErrors((all) => ({ ...all, [field]: undefined }));
    },
    [currentBrand, currentIsNew, currentKey],
  );
  const updateSvg = useCallback((field: BrandSvgField, value: string) => update(field, value), [update]);

  const choose = (key: string) => {
    setSelected(key);
    setErrors({});
  };

  const createNew = () => {
    if (!current) return;
    const key = `new:${++created.current}`;
    const brand: Brand = { ...current.brand, id: freeId(current.brand.id, takenIds.add(current.brand.id)), name: t('adminBranding.copyName', { name: current.brand.name }) };
    setDrafts((all) => ({ ...all, [key]: { brand, isNew: true } }));
    choose(key);
  };

  const label = (field: string) => (isBrandField(field) ? t(`adminBranding.fields.${field}`) : field);
  /** The server names a drawing by its field (`logoSvg: <script> element`); the admin reads its label. */
  const relabel = (line: string) => line.replace(/^(\w+):/, (whole, field: string) => (isBrandField(field) ? `${label(field)}:` : whole));

  async function onSave(event: FormEvent) {
    event.preventDefault();
    if (!current || saving) return;
    const brand: Brand = { ...current.brand, id: current.brand.id.trim(), name: current.brand.name.trim(), siteName: current.brand.siteName.trim() };
    const checks = checkBrand(brand, current.isNew, takenIds);
    if (checks.length > 0) {
      setErrors(Object.fromEntries(checks.map((check) => [check.field, t(check.key, check.values)])));
      setResult({ kind: 'failed', lines: checks.map((check) => `${label(check.field)}: ${t(check.key, check.values)}`) });
      return;
    }
    try {
      const answer = await save(brand).unwrap();
      const key = savedKey(answer.brand.id);
      setDrafts((all) => {
        const next = { ...all, [key]: { brand: answer.brand, isNew: false } };
        if (current.key !== key) delete next[current.key];
        return next;
      });
      choose(key);
      setResult({ kind: 'saved', name: answer.brand.name, created: answer.created, removed: answer.removed.map(relabel) });
    } catch (error) {
      // Spec §8: the server's own messages, one per line; the fields it names are marked too.
      const issues = apiErrorIssues(error);
      const fieldOf = (path: string) => path.split('.').pop() ?? path;
      setErrors(Object.fromEntries(issues.filter((issue) => isBrandField(fieldOf(issue.path))).map((issue) => [fieldOf(issue.path), issue.message])));
      setResult({
        kind: 'failed',
        lines:
          issues.length > 0
            ? issues.map((issue) => (issue.path ? `${label(fieldOf(issue.path))}: ${issue.message}` : issue.message))
            : [t('adminBranding.result.failedUnknown', { message: apiServerMessage(error) ?? apiErrorMessage(t, error) ?? t('bonuses.failed') })],
      });
    }
  }

  const text = (field: 'id' | 'name' | 'siteName', hint?: string, locked = false) => (
    <div className={`field ${styles.field}`}>
      <label htmlFor={`${id}-${field}`}>{t(`adminBranding.fields.${field}`)}</label>
      <input
        id={`${id}-${field}`}
        className="input"
        value={current?.brand[field] ?? ''}
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

  const colour = current?.brand.colour ?? '';
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
            <div className={styles.fields}>
              {current.isNew ? text('id', t('adminBranding.hints.id')) : text('id', t('adminBranding.hints.idFixed'), true)}
              {text('name')}
              {text('siteName', t('adminBranding.hints.siteName'))}
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
            </div>
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
