/**
 * Spec 2.7 and 4 'Audience section': content shown or hidden by a configured value, with an
 * admin notice that lets a viewer holding the setup-viewing permission see hidden content.
 */

/** The configured value that limits a section to visitors of some regions: 'XCREGION:AU,NZ'. */
export const REGION_AUDIENCE_PREFIX = 'XCREGION:';

export const HIDDEN_SECTION_NOTICE = 'Hidden section (This message is only visible to Admins)';
export const EDIT_SECTION_LABEL = 'Edit Section';

/** What a configured value says: show, hide, or undecided (a value the rules do not know). */
export type AudienceDecision = 'show' | 'hide' | 'undecided';

/**
 * Reads a configured value. 'true' and 'false' are matched exactly, as configured; a region
 * list compares codes without regard to case and surrounding spaces.
 */
export function audienceDecision(
  value: string | null | undefined,
  region: string,
): AudienceDecision {
  if (value === 'true') return 'show';
  if (value === 'false') return 'hide';
  if (typeof value === 'string' && value.startsWith(REGION_AUDIENCE_PREFIX)) {
    const wanted = region.trim().toUpperCase();
    const regions = value
      .slice(REGION_AUDIENCE_PREFIX.length)
      .split(',')
      .map((code) => code.trim().toUpperCase())
      .filter((code) => code !== '');
    return regions.includes(wanted) ? 'show' : 'hide';
  }
  return 'undecided';
}

export interface AudienceSectionInput {
  /** The configured value: 'true', 'false', 'XCREGION:{codes}' or anything else. */
  value: string | null | undefined;
  /** The visitor's region (spec 4 'Region'). */
  region: string;
  /** Inverts a decided result. */
  reverse?: boolean;
  /** The viewer holds the setup-viewing permission (an admin). */
  canViewSetup?: boolean;
  /** The admin chose 'Edit Section'. */
  editing?: boolean;
}

export type AudienceSectionState =
  /** The content is shown. */
  | { kind: 'shown' }
  /** The section renders nothing. */
  | { kind: 'hidden' }
  /** Hidden from visitors; an admin sees the notice and 'Edit Section'. */
  | { kind: 'admin-notice' };

/**
 * Whether the section shows. The reverse flag inverts a decided value only: an undecided value
 * stays hidden either way, since a misconfigured section must not show to everyone when
 * reversed. An admin's 'Edit Section' forces it to show.
 */
export function audienceSectionState(input: AudienceSectionInput): AudienceSectionState {
  const decision = audienceDecision(input.value, input.region);
  const shown = decision === 'undecided' ? false : (decision === 'show') !== Boolean(input.reverse);
  if (shown) return { kind: 'shown' };
  if (!input.canViewSetup) return { kind: 'hidden' };
  return input.editing ? { kind: 'shown' } : { kind: 'admin-notice' };
}

/** The home page's partner section is decided by the audience lookup's isPartner. */
export function audienceValueOf(isPartner: boolean | undefined): string | undefined {
  return isPartner === undefined ? undefined : String(isPartner);
}
