import { useCallback, useState } from 'react';
import { BRAND_SVG_FIELDS, type Brand, type BrandPreviewResponse } from '@bahati/contracts';
import { usePreviewBrandMutation } from './admin-branding-api';

const sameDrawings = (a: Brand, b: Brand) => BRAND_SVG_FIELDS.every((field) => a[field] === b[field]);

/**
 * The server's preview of the brand on screen: its drawings as the sanitiser keeps them and the ones it leaves
 * blank. A preview stays shown while the drawings it was made from are the ones on screen.
 */
export function useBrandPreview(current: Brand | undefined) {
  const [run, { isLoading: previewing }] = usePreviewBrandMutation();
  const [preview, setPreview] = useState<{ brand: Brand; answer: BrandPreviewResponse } | null>(null);
  const shown = preview && current && sameDrawings(preview.brand, current) ? preview.answer : null;
  /** Asks for a preview; a refusal (`ValidationFailed`, …) is thrown to the caller. */
  const request = useCallback(
    async (brand: Brand) => {
      const answer = await run(brand).unwrap();
      setPreview({ brand, answer });
      return answer;
    },
    [run],
  );
  return { shown, previewing, request };
}
