import { createContext, useContext, useEffect, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BRAND_SVG_FIELDS, type Brand, type BrandSvgField } from '@bahati/contracts';
import { apiErrorStatus } from '../api';
import { accentPalette, ACCENT_VARIABLES } from './accent';
import { useGetBrandQuery } from './brand-api';
import { chosenBrandId } from './brand-choice';
import { svgDataUrl } from './svg-data-url';

/** Every drawing of a brand as an image URL (see `svgDataUrl`). */
export type BrandImages = Record<BrandSvgField, string>;

export interface BrandState {
  /** The brand the app is drawn with; undefined until it has loaded. */
  brand: Brand | undefined;
  images: BrandImages | undefined;
  /** Neither the chosen nor the default brand could be loaded. */
  failed: boolean;
  retry: () => void;
}

const BrandContext = createContext<BrandState>({ brand: undefined, images: undefined, failed: false, retry: () => undefined });

function imagesOf(brand: Brand): BrandImages {
  return Object.fromEntries(BRAND_SVG_FIELDS.map((field) => [field, svgDataUrl(brand[field])])) as BrandImages;
}

/** The brand's colour drives the accent palette; without a brand the stylesheet's own accent stays. */
function useAccent(colour: string | undefined) {
  useLayoutEffect(() => {
    const palette = colour ? accentPalette(colour) : undefined;
    if (!palette) return;
    const root = document.documentElement.style;
    for (const name of ACCENT_VARIABLES) root.setProperty(name, palette[name]);
    return () => {
      for (const name of ACCENT_VARIABLES) root.removeProperty(name);
    };
  }, [colour]);
}

/**
 * The brand names the product: the catalogs' `common.brand` (the title suffix, the footer's wordmark)
 * reads the brand's site name in every language in use.
 */
function useSiteName(siteName: string | undefined) {
  const { i18n } = useTranslation();
  useEffect(() => {
    if (!siteName) return;
    for (const lng of new Set([i18n.language, ...i18n.languages])) i18n.addResource(lng, 'translation', 'common.brand', siteName);
  }, [i18n, siteName]);
}

/**
 * Loads the brand named when the visit began (`?id=`, spec §1), or the default brand when none was
 * named or the named one does not exist (spec §8: a brand 404 is only logged), and provides it to the
 * app. Until the named brand arrives nothing of another brand is drawn.
 */
export function BrandProvider({ children }: { children: ReactNode }) {
  const chosen = chosenBrandId();
  const named = useGetBrandQuery(chosen);
  const missing = chosen !== null && apiErrorStatus(named.error) === 404;
  const fallback = useGetBrandQuery(null, { skip: !missing });
  const current = chosen === null || !missing ? named : fallback;

  const warned = useRef(false);
  useEffect(() => {
    if (!missing || warned.current) return;
    warned.current = true;
    console.warn(`Brand "${chosen}" was not found: the default brand is drawn instead.`);
  }, [chosen, missing]);

  // Signing in or out empties the API cache; the brand on screen stays while it is fetched again.
  const last = useRef<Brand | undefined>(undefined);
  if (current.data) last.current = current.data;
  const brand = current.data ?? last.current;

  useAccent(brand?.colour);
  useSiteName(brand?.siteName);

  const images = useMemo(() => (brand ? imagesOf(brand) : undefined), [brand]);
  const { refetch } = current;
  const failed = !brand && current.isError;
  const value = useMemo<BrandState>(() => ({ brand, images, failed, retry: () => void refetch() }), [brand, images, failed, refetch]);
  return <BrandContext.Provider value={value}>{children}</BrandContext.Provider>;
}

/** The brand the app is drawn with, its drawings as image URLs, and whether it failed to load. */
export function useBrand(): BrandState {
  return useContext(BrandContext);
}
