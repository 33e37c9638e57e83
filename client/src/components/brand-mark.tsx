import { useId } from 'react';

/** The Bahati mark: a gold spade on a felt disc. Decorative; the wordmark carries the name. */
export function BrandMark({ size = 40 }: { size?: number }) {
  const id = useId();
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={`${id}-ring`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#f7dc8a" />
          <stop offset="0.5" stopColor="#d9a93b" />
          <stop offset="1" stopColor="#8a6420" />
        </linearGradient>
        <radialGradient id={`${id}-felt`} cx="0.5" cy="0.35" r="0.7">
          <stop offset="0" stopColor="#1d7a51" />
          <stop offset="1" stopColor="#062417" />
        </radialGradient>
      </defs>
      <circle cx="24" cy="24" r="23" fill={`url(#${id}-ring)`} />
      <circle cx="24" cy="24" r="19.5" fill={`url(#${id}-felt)`} />
      <circle cx="24" cy="24" r="19.5" fill="none" stroke="#f0c85a" strokeOpacity="0.35" strokeDasharray="2 3.1" />
      <path
        d="M24 11.5c-2.9 4-10 8-10 13.6 0 3.1 2.4 5.4 5.3 5.4 1.6 0 3-.6 3.8-1.6-.3 2.5-1.2 4.3-2.7 5.6h7.2c-1.5-1.3-2.4-3.1-2.7-5.6.8 1 2.2 1.6 3.8 1.6 2.9 0 5.3-2.3 5.3-5.4 0-5.6-7.1-9.6-10-13.6z"
        fill={`url(#${id}-ring)`}
      />
    </svg>
  );
}
