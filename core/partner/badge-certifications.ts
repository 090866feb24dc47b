/*
 * What a recognition badge's public page says of certifications: the holder's own, and the
 * practice's as counts per certification. Colleagues did not choose to publish the badge, so the
 * page names no one but its holder; a client still learns how many of the practice's people hold
 * each certification.
 */

/** A certification a person of the practice holds, as the learning platform reported it. */
export interface HeldCertification {
  /** The holder's e-mail address: it tells people apart, and is never shown. */
  holder: string;
  name: string;
  /** ISO day. */
  earnedOn: string;
  /** ISO day it lapses after; null when it never does. */
  expiresOn: string | null;
}

export interface PracticeCertification {
  name: string;
  holders: number;
}

/** A certification vouches for its holder until the end of its expiry day. */
export function isInForce(certification: Pick<HeldCertification, 'expiresOn'>, today: string) {
  return certification.expiresOn === null || certification.expiresOn >= today;
}

const sameName = (name: string) => name.trim().toLocaleLowerCase('en');

/**
 * The practice's certifications in force, each with how many people hold it (someone holding
 * it twice, renewed or reported twice, counts once), most held first, then by name.
 */
export function practiceCertifications(
  held: readonly HeldCertification[],
  today: string,
): PracticeCertification[] {
  const byName = new Map<string, { name: string; holders: Set<string> }>();
  for (const certification of held) {
    if (!isInForce(certification, today)) continue;
    const key = sameName(certification.name);
    const entry = byName.get(key) ?? { name: certification.name.trim(), holders: new Set() };
    entry.holders.add(certification.holder.trim().toLowerCase());
    byName.set(key, entry);
  }
  return [...byName.values()]
    .map((entry) => ({ name: entry.name, holders: entry.holders.size }))
    .sort((a, b) => b.holders - a.holders || a.name.localeCompare(b.name, 'en'));
}

/** 'held by 1 person', 'held by 3 people'. */
export function holdersText(holders: number): string {
  return `held by ${holders} ${holders === 1 ? 'person' : 'people'}`;
}
