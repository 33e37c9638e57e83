import { memo, useId } from 'react';
import type { CHIP_VALUES } from '@bahati/contracts';

/** The four chips (spec §9: 1k, 5k, 25k, 100k), each its own colour. Drawn on a 70×70 grid. */
const CHIP_STYLE: Record<(typeof CHIP_VALUES)[number], { base: string; edge: string; inner: string; text: string; label: string }> = {
  1_000: { base: '#f3efe4', edge: '#2a6fb0', inner: '#e4dccb', text: '#1f4f80', label: '1K' },
  5_000: { base: '#c3303c', edge: '#f6f0e0', inner: '#a9252f', text: '#fff6ea', label: '5K' },
  25_000: { base: '#1f7f6a', edge: '#f6f0e0', inner: '#176553', text: '#fff6ea', label: '25K' },
  100_000: { base: '#17181c', edge: '#e2b552', inner: '#26272d', text: '#f0c85a', label: '100K' },
};

export function chipLabel(value: number): string {
  return CHIP_STYLE[value as keyof typeof CHIP_STYLE]?.label ?? String(value);
}

export const ChipSvg = memo(function ChipSvg({ value, size = 70 }: { value: number; size?: number }) {
  const id = useId();
  const s = CHIP_STYLE[value as keyof typeof CHIP_STYLE] ?? CHIP_STYLE[1_000];
  return (
    <svg width={size} height={size} viewBox="0 0 70 70" aria-hidden="true" focusable="false">
      <defs>
        <radialGradient id={`${id}-shine`} cx="0.35" cy="0.3" r="0.8">
          <stop offset="0" stopColor="#fff" stopOpacity="0.35" />
          <stop offset="0.6" stopColor="#fff" stopOpacity="0" />
        </radialGradient>
      </defs>
      <circle cx="35" cy="35" r="33.5" fill={s.base} stroke="rgba(0,0,0,0.35)" strokeWidth="1" />
      {/* edge inserts */}
      <circle cx="35" cy="35" r="29" fill="none" stroke={s.edge} strokeWidth="8" strokeDasharray="9.1 6.08" transform="rotate(-12 35 35)" />
      <circle cx="35" cy="35" r="23.5" fill={s.inner} stroke={s.edge} strokeOpacity="0.85" strokeWidth="1.2" />
      <circle cx="35" cy="35" r="20.5" fill="none" stroke={s.edge} strokeOpacity="0.55" strokeWidth="0.8" strokeDasharray="1.6 2.2" />
      <text
        x="35"
        y="35"
        dy="0.36em"
        textAnchor="middle"
        fontFamily="Georgia, 'Times New Roman', serif"
        fontWeight="700"
        fontSize={s.label.length > 3 ? 14 : s.label.length > 2 ? 16 : 18}
        fill={s.text}
      >
        {s.label}
      </text>
      <circle cx="35" cy="35" r="33.5" fill={`url(#${id}-shine)`} />
    </svg>
  );
});
