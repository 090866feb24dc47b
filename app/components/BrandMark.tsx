/** The default brand's leaf mark; decorative, the brand name is always written beside it. */
export function BrandMark() {
  return (
    <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--color-primary)" />
      <path d="M9 23c0-9 6-14 15-14 0 9-5 15-14 15" fill="none" stroke="#fff" strokeWidth="2.5" />
      <path d="M9 23l8-8" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}
