const common = {
  width: 20,
  height: 20,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
  focusable: false,
};

export function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg {...common} width={24} height={24}>
      {open ? (
        <>
          <path d="M6 6l12 12" />
          <path d="M18 6L6 18" />
        </>
      ) : (
        <>
          <path d="M4 7h16" />
          <path d="M4 12h16" />
          <path d="M4 17h16" />
        </>
      )}
    </svg>
  );
}

export function ChevronIcon() {
  return (
    <svg {...common} width={16} height={16}>
      <path d="M6 9l6 6 6-6" />
    </svg>
  );
}

export function SignOutIcon() {
  return (
    <svg {...common} width={18} height={18}>
      <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4" />
      <path d="M16 17l5-5-5-5" />
      <path d="M21 12H9" />
    </svg>
  );
}

export function BitcoinIcon() {
  return (
    <svg {...common} width={16} height={16} strokeWidth={2.4}>
      <path d="M8 6h5.5a3 3 0 0 1 0 6H8zM8 12h6.5a3 3 0 0 1 0 6H8z" />
      <path d="M10 3.5V6M13 3.5V6M10 18v2.5M13 18v2.5" />
    </svg>
  );
}

export function GlobeIcon() {
  return (
    <svg {...common} width={18} height={18}>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18" />
      <path d="M12 3a14 14 0 0 1 0 18a14 14 0 0 1 0-18z" />
    </svg>
  );
}
