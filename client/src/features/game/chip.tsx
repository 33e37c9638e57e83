import { memo } from 'react';
import type { BrandSvgField, CHIP_VALUES } from '@bahati/contracts';
import { useBrand } from '@/lib/brand/brand-provider';

type ChipValue = (typeof CHIP_VALUES)[number];

/** The four chips (spec §9: 1k, 5k, 25k, 100k), each drawn by its brand drawing (70×70). */
const CHIPS: Record<ChipValue, { field: BrandSvgField; label: string }> = {
  1_000: { field: 'chip1Svg', label: '1K' },
  5_000: { field: 'chip2Svg', label: '5K' },
  25_000: { field: 'chip3Svg', label: '25K' },
  100_000: { field: 'chip4Svg', label: '100K' },
};

const chipOf = (value: number) => CHIPS[value as ChipValue] ?? CHIPS[1_000];

export function chipLabel(value: number): string {
  return CHIPS[value as ChipValue]?.label ?? String(value);
}

/** A chip of the brand at `size` px (decorative: the button around it carries the name). */
export const Chip = memo(function Chip({ value, size = 70 }: { value: number; size?: number }) {
  const { images } = useBrand();
  if (!images) return null;
  return <img src={images[chipOf(value).field]} width={size} height={size} alt="" draggable={false} style={{ display: 'block' }} />;
});
