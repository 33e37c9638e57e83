import { useCallback, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { type AdminBrand, BRAND_SVG_FIELDS, type Brand, type BrandSvgField } from '@bahati/contracts';
import { apiErrorIssues, apiErrorMessage, apiServerMessage } from '@/lib/api';
import { useBrand } from '@/lib/brand/brand-provider';
import { useGetBrandsQuery, useSaveBrandMutation } from './admin-branding-api';
import { checkBrand, type BrandField } from './brand-checks';
import type { SaveResult } from './save-result-dialog';
import { useBrandPreview } from './use-brand-preview';

/** A brand being edited: a stored one (key `saved:<id>`) or one created here and not saved yet (`new:<n>`). */
interface Draft {
  brand: Brand;
  isNew: boolean;
}
interface Option extends Draft {
  key: string;
}

export type Errors = Partial<Record<BrandField, string>>;

const savedKey = (id: string) => `saved:${id}`;
const BRAND_FIELDS: readonly BrandField[] = ['id', 'name', 'siteName', 'colour', ...BRAND_SVG_FIELDS];
const isBrandField = (name: string): name is BrandField => (BRAND_FIELDS as readonly string[]).includes(name);
const sameBrand = (a: Brand, b: Brand) => BRAND_FIELDS.every((field) => a[field] === b[field]);
/** A stored brand as it is edited and saved: without its retirement. */
const plain = ({ retired: _retired, ...brand }: AdminBrand): Brand => brand;
const trimmed = (brand: Brand): Brand => ({ ...brand, id: brand.id.trim(), name: brand.name.trim(), siteName: brand.siteName.trim() });

/** A free id for a copy of `base`: `base-copy`, `base-copy-2`, … within the 40 characters an id may have. */
function freeId(base: string, taken: ReadonlySet<string>): string {
  const stem = `${base.slice(0, 30)}-copy`;
  if (!taken.has(stem)) return stem;
  for (let n = 2; ; n++) if (!taken.has(`${stem}-${n}`)) return `${stem}-${n}`;
}

/**
 * The branding editor's state: the stored brands and the drafts edited or created here, the one on screen (the
 * app's own brand until another is chosen), whether it has unsaved changes, the fields' errors and the last save's
 * result, with the handlers that choose, copy, edit and save a brand.
 */
export function useBrandEditor() {
  const { t } = useTranslation();
  const brands = useGetBrandsQuery();
  const { brand: appBrand } = useBrand();
  const [save, { isLoading: saving }] = useSaveBrandMutation();
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [selected, setSelected] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [result, setResult] = useState<SaveResult | null>(null);
  const created = useRef(0);

  const stored = (brands.data ?? []).map(plain);
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
  const retired = current && !current.isNew ? (brands.data?.find((b) => b.id === current.brand.id)?.retired ?? null) : null;
  const preview = useBrandPreview(current?.brand);
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

  /** Spec §8: the server's own messages, one per line; the fields it names are marked too. */
  function fail(error: unknown) {
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

  /** The brand on screen, trimmed, when the checks made here pass; otherwise the fields are marked and nothing is sent. */
  function checked(): Brand | null {
    if (!current) return null;
    const brand = trimmed(current.brand);
    const checks = checkBrand(brand, current.isNew, takenIds);
    if (checks.length === 0) return brand;
    setErrors(Object.fromEntries(checks.map((check) => [check.field, t(check.key, check.values)])));
    setResult({ kind: 'failed', lines: checks.map((check) => `${label(check.field)}: ${t(check.key, check.values)}`) });
    return null;
  }

  async function onPreview() {
    const brand = checked();
    if (!brand || preview.previewing) return;
    try {
      await preview.request(brand);
    } catch (error) {
      fail(error);
    }
  }

  async function onSave(event: FormEvent) {
    event.preventDefault();
    if (!current || saving || preview.previewing) return;
    const brand = checked();
    if (!brand) return;
    try {
      // Drawings not previewed yet are previewed first: one the sanitiser would blank is named before anything is stored,
      // and saving again (the warning on screen) stores it as it is.
      if (!preview.shown && (await preview.request(brand)).blanked.length > 0) return;
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
      fail(error);
    }
  }

  return {
    brands, saving, options, current, dirty, errors, result, setResult, update, updateSvg, choose, createNew, onSave, onPreview, retired, label,
    preview: preview.shown, previewing: preview.previewing,
  };
}
