import { languageFromPath } from '@/i18n/languages';

/** Where the brand a visitor arrived with is kept for the rest of the visit (this tab). */
export const BRAND_STORAGE_KEY = 'brandId';

/** Paths whose `?id=` names something else: the verification tool's shoe id (spec §2). */
const OTHER_ID_SCREENS = new Set(['provable']);

function screenOf(pathname: string): string {
  const segments = pathname.split('/').filter(Boolean);
  const lang = languageFromPath(pathname);
  if (segments[0] === lang) segments.shift();
  return segments[0] ?? '';
}

function readStored(): string | null {
  try {
    return window.sessionStorage.getItem(BRAND_STORAGE_KEY);
  } catch {
    return null;
  }
}

function store(id: string): void {
  try {
    window.sessionStorage.setItem(BRAND_STORAGE_KEY, id);
  } catch {
    // Storage can be unavailable (private mode): the brand then lasts until the next full page load.
  }
}

/**
 * Spec §1: the brand is chosen by `?id=` in the URL the visit starts with, and kept for the visit, so
 * links without the query (in-app navigation, a reload of another page) draw the same brand. Null: no
 * brand was named, the default brand is drawn.
 */
export function readBrandChoice(location: Pick<Location, 'pathname' | 'search'> = window.location): string | null {
  const named = OTHER_ID_SCREENS.has(screenOf(location.pathname)) ? null : new URLSearchParams(location.search).get('id')?.trim();
  if (named) {
    store(named);
    return named;
  }
  return readStored() || null;
}

let chosen: string | null | undefined;

/** The brand named when the app loaded (read once per page load). */
export function chosenBrandId(): string | null {
  if (chosen === undefined) chosen = readBrandChoice();
  return chosen;
}
