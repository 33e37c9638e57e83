export function LightningIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" focusable="false">
      <path d="M13.5 2L4.5 13.5h6L9.5 22l9-11.5h-6L13.5 2z" fill="currentColor" />
    </svg>
  );
}

export function BitcoinGlyph() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" focusable="false">
      <path
        d="M9 4v2M13 4v2M9 18v2M13 18v2M7 6h7.2a3 3 0 0 1 0 6H7m0 0h8a3 3 0 0 1 0 6H7M8.5 6v12"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function QrIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" focusable="false" aria-hidden="true">
      <path
        d="M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h2v2h-2zM18 14h2v2h-2zM14 18h2v2h-2zM18 18h2v2h-2zM16 16h2v2h-2z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function InfoIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" focusable="false" aria-hidden="true">
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path d="M12 11v6M12 7.5v.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
