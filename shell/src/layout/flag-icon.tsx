import type { ReactElement } from 'react';

/**
 * The flags of the language menu (spec 1: es → flag es, en → flag us) drawn as small SVGs: emoji
 * flags are shown as two letters on Windows, where most of the plant's desktops run.
 */
const STRIPE = 16 / 13;

const FLAGS: Record<string, ReactElement> = {
  es: (
    <>
      <rect width="24" height="16" fill="#AA151B" />
      <rect y="4" width="24" height="8" fill="#F1BF00" />
    </>
  ),
  us: (
    <>
      <rect width="24" height="16" fill="#FFFFFF" />
      {[0, 2, 4, 6, 8, 10, 12].map((stripe) => (
        <rect key={stripe} y={stripe * STRIPE} width="24" height={STRIPE} fill="#B22234" />
      ))}
      <rect width="10" height={STRIPE * 7} fill="#3C3B6E" />
    </>
  ),
};

/** The flag of an ISO 3166-1 alpha-2 code, or nothing for a code without one here. */
export function FlagIcon({ code }: { code: string }) {
  const flag = FLAGS[code.toLowerCase()];
  if (!flag) return null;
  return (
    <svg
      width="20"
      height="14"
      viewBox="0 0 24 16"
      aria-hidden="true"
      focusable="false"
      style={{ borderRadius: 2, boxShadow: '0 0 0 1px rgba(0,0,0,0.15)', flexShrink: 0 }}
    >
      {flag}
    </svg>
  );
}
