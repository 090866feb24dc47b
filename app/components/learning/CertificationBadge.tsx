/**
 * A certification's badge: the platform's image when it sends one, otherwise a rosette drawn
 * with the certificate's initials, so every certification has a badge to show.
 */
export function CertificationBadge({ name, badgeUrl }: { name: string; badgeUrl: string | null }) {
  if (badgeUrl) return <img src={badgeUrl} alt="" width={64} height={64} />;
  const initials = name
    .split(/\s+/)
    .filter((word) => /^[A-Za-z]/.test(word))
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
  return (
    <svg width="64" height="64" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <path
        d="M20 40 L14 62 L24 56 L30 62 L32 44 Z M44 40 L50 62 L40 56 L34 62 L32 44 Z"
        fill="#0b5cab"
      />
      <circle cx="32" cy="28" r="24" fill="#0b5cab" />
      <circle cx="32" cy="28" r="19" fill="#ffffff" />
      <text
        x="32"
        y="34"
        textAnchor="middle"
        fontSize="16"
        fontWeight="700"
        fill="#0b5cab"
        fontFamily="system-ui, sans-serif"
      >
        {initials}
      </text>
    </svg>
  );
}
