import { contentDateLabel } from '../search/index.ts';

export type CertificationState = 'current' | 'expired' | 'no-expiry';

/** Expired from the day after its expiry date; a certification without one never expires. */
export function certificationState(expiresOn: string | null, today: string): CertificationState {
  if (expiresOn === null) return 'no-expiry';
  return expiresOn < today ? 'expired' : 'current';
}

/** The expiry line of a certification card. */
export function expiryLabel(expiresOn: string | null, today: string): string {
  const state = certificationState(expiresOn, today);
  if (state === 'no-expiry' || expiresOn === null) return 'Does not expire';
  const date = contentDateLabel(expiresOn) ?? expiresOn;
  return state === 'expired' ? `Expired ${date}` : `Expires ${date}`;
}
