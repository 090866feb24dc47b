import { describe, expect, it } from 'vitest';
import {
  audienceDecision,
  audienceSectionState,
  audienceValueOf,
  EDIT_SECTION_LABEL,
  HIDDEN_SECTION_NOTICE,
} from './audience-section.ts';

describe('audience decision', () => {
  it("shows for 'true' and hides for 'false'", () => {
    expect(audienceDecision('true', 'AU')).toBe('show');
    expect(audienceDecision('false', 'AU')).toBe('hide');
  });

  it('shows a region list only to visitors of a listed region, in any case', () => {
    expect(audienceDecision('XCREGION:AU,NZ', 'AU')).toBe('show');
    expect(audienceDecision('XCREGION:au, nz', 'NZ')).toBe('show');
    expect(audienceDecision('XCREGION:AU,NZ', 'uk')).toBe('hide');
    expect(audienceDecision('XCREGION:uk', 'UK')).toBe('show');
    expect(audienceDecision('XCREGION:', 'AU')).toBe('hide');
  });

  it.each([['TRUE'], ['yes'], [''], ['xcregion:AU'], [' true'], [null], [undefined]])(
    'is undecided for %j',
    (value) => {
      expect(audienceDecision(value, 'AU')).toBe('undecided');
    },
  );
});

describe('audience section state', () => {
  it('shows and hides by the decision', () => {
    expect(audienceSectionState({ value: 'true', region: 'AU' })).toEqual({ kind: 'shown' });
    expect(audienceSectionState({ value: 'false', region: 'AU' })).toEqual({ kind: 'hidden' });
  });

  it('inverts a decided value when reversed', () => {
    expect(audienceSectionState({ value: 'true', region: 'AU', reverse: true }).kind).toBe(
      'hidden',
    );
    expect(audienceSectionState({ value: 'false', region: 'AU', reverse: true }).kind).toBe(
      'shown',
    );
    expect(audienceSectionState({ value: 'XCREGION:UK', region: 'AU', reverse: true }).kind).toBe(
      'shown',
    );
  });

  it('keeps an undecided value hidden, reversed or not', () => {
    expect(audienceSectionState({ value: 'maybe', region: 'AU' }).kind).toBe('hidden');
    expect(audienceSectionState({ value: 'maybe', region: 'AU', reverse: true }).kind).toBe(
      'hidden',
    );
  });

  it('gives an admin the notice for a hidden section, and the content once editing', () => {
    expect(audienceSectionState({ value: 'false', region: 'AU', canViewSetup: true }).kind).toBe(
      'admin-notice',
    );
    expect(
      audienceSectionState({ value: 'false', region: 'AU', canViewSetup: true, editing: true })
        .kind,
    ).toBe('shown');
    expect(audienceSectionState({ value: 'maybe', region: 'AU', canViewSetup: true }).kind).toBe(
      'admin-notice',
    );
  });

  it('ignores editing without the setup-viewing permission', () => {
    expect(audienceSectionState({ value: 'false', region: 'AU', editing: true }).kind).toBe(
      'hidden',
    );
  });

  it('has the spec texts', () => {
    expect(HIDDEN_SECTION_NOTICE).toBe('Hidden section (This message is only visible to Admins)');
    expect(EDIT_SECTION_LABEL).toBe('Edit Section');
  });
});

describe('audience value of the audience lookup', () => {
  it('turns isPartner into the configured value', () => {
    expect(audienceValueOf(true)).toBe('true');
    expect(audienceValueOf(false)).toBe('false');
    expect(audienceValueOf(undefined)).toBeUndefined();
  });
});
