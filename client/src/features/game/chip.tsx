import { memo } from 'react';
import type { BrandSvgField, CHIP_VALUES } from '@bahati/contracts';
import { useBrand } from '@/lib/brand/brand-provider';
import styles from './chip.module.css';

type ChipValue = (typeof CHIP_VALUES)[number];

/** The four chips (spec §9: 1k, 5k, 25k, 100k), each drawn by its brand drawing (70×70). */
const CHIPS: Record<ChipValue, { field: BrandSvgField; label: string }> = {
  1_000: { field: 'chip1Svg', label: '1K' },
  5_000: { field: 'chip2Svg', label: '5K' },
  25_000: { field: 'chip3Svg', label: '25K' },
  100_000: { field: 'chip4Svg', label: '100K' },
};

const chipOf = (value: number) => CHIPS[value as ChipValue]!;

export function chipLabel(value: number): string {
  return CHIPS[value as ChipValue]?.label ?? String(value);
}

/**
 * A chip of the brand at `size` px (decorative: the button around it carries the name). An amount no chip
 * makes up (what is left of a bet under the smallest chip) is an odd chip that shows that amount.
 */
export const Chip = memo(function Chip({ value, size = 70 }: { value: number; size?: number }) {
  const { images } = useBrand();
  if (!(value in CHIPS)) {
    return (
      <span className={styles.odd} style={{ width: size, height: size, fontSize: Math.round(size * (value >= 100 ? 0.28 : 0.34)) }} data-chip="odd">
        {value}
      </span>
    );
  }
  if (!images) return null;
  return <img src={images[chipOf(value).field]} width={size} height={size} alt="" draggable={false} style={{ display: 'block' }} />;
});
