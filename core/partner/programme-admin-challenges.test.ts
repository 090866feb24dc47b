import { describe, expect, it } from 'vitest';
import {
  calendarDay,
  challengePhase,
  checkChallengeForm,
  CHALLENGE_CRITERIA,
  dayBefore,
} from './programme-admin-challenges.ts';

const TODAY = '2026-03-10';
const FORM = {
  name: ' Spring sign-ups ',
  description: ' Add three clients. ',
  goalKind: 'client-subscription-added',
  goalCount: '3',
  points: '150',
  rewardId: 'none',
  startsOn: '2026-03-10',
  endsOn: '2026-04-30',
};
const RUNNING = {
  goalKind: 'client-subscription-added',
  goalCount: 3,
  startsOn: '2026-03-01',
  endsOn: '2026-03-31',
  joined: 2,
};

describe('challengePhase', () => {
  const challenge = { startsOn: '2026-03-01', endsOn: '2026-03-31' };
  it('is upcoming before the first day, running on both days and between, ended after', () => {
    expect(challengePhase(challenge, '2026-02-28')).toBe('upcoming');
    expect(challengePhase(challenge, '2026-03-01')).toBe('running');
    expect(challengePhase(challenge, '2026-03-15')).toBe('running');
    expect(challengePhase(challenge, '2026-03-31')).toBe('running');
    expect(challengePhase(challenge, '2026-04-01')).toBe('ended');
  });
});

describe('calendarDay and dayBefore', () => {
  it('accepts only days that exist, written YYYY-MM-DD', () => {
    expect(calendarDay(' 2026-02-28 ')).toBe('2026-02-28');
    expect(calendarDay('2028-02-29')).toBe('2028-02-29');
    for (const text of ['2026-02-29', '2026-04-31', '2026-13-01', '1/3/2026', '', '2026-3-1'])
      expect(calendarDay(text), text).toBeUndefined();
  });
  it('goes back across months and years', () => {
    expect(dayBefore('2026-03-01')).toBe('2026-02-28');
    expect(dayBefore('2026-01-01')).toBe('2025-12-31');
  });
});

describe('checkChallengeForm', () => {
  it('trims and converts a new challenge', () => {
    expect(checkChallengeForm(FORM, TODAY)).toEqual({
      ok: true,
      value: {
        name: 'Spring sign-ups',
        description: 'Add three clients.',
        goalKind: 'client-subscription-added',
        goalCount: 3,
        points: 150,
        rewardId: null,
        startsOn: '2026-03-10',
        endsOn: '2026-04-30',
      },
    });
  });

  it('takes a reward of those offered as the prize, with or without points', () => {
    const prizes = ['a1Wmug', 'a1Whoodie'];
    expect(
      checkChallengeForm({ ...FORM, rewardId: 'a1Wmug', points: '0' }, TODAY, undefined, prizes),
    ).toMatchObject({ ok: true, value: { rewardId: 'a1Wmug', points: 0 } });
    expect(
      checkChallengeForm({ ...FORM, rewardId: 'a1Whoodie' }, TODAY, undefined, prizes),
    ).toMatchObject({ ok: true, value: { rewardId: 'a1Whoodie', points: 150 } });
    expect(
      checkChallengeForm({ ...FORM, rewardId: 'a1Wretired' }, TODAY, undefined, prizes),
    ).toMatchObject({ ok: false, field: 'rewardId' });
    // Without a reward, a challenge is won for points.
    expect(checkChallengeForm({ ...FORM, points: '0' }, TODAY, undefined, prizes)).toMatchObject({
      ok: false,
      field: 'points',
    });
  });

  it('refuses each field at its own name', () => {
    const cases: Array<[Partial<typeof FORM>, string]> = [
      [{ name: ' ' }, 'name'],
      [{ name: 'x'.repeat(121) }, 'name'],
      [{ description: '' }, 'description'],
      [{ description: 'x'.repeat(501) }, 'description'],
      [{ goalKind: 'programme-joined' }, 'goalKind'],
      [{ goalKind: 'challenge-completed' }, 'goalKind'],
      [{ goalKind: 'nonsense' }, 'goalKind'],
      [{ goalCount: '0' }, 'goalCount'],
      [{ goalCount: '1001' }, 'goalCount'],
      [{ goalCount: '2.5' }, 'goalCount'],
      [{ points: '0' }, 'points'],
      [{ points: '100001' }, 'points'],
      [{ startsOn: '2026-02-30' }, 'startsOn'],
      [{ endsOn: 'soon' }, 'endsOn'],
    ];
    for (const [change, field] of cases)
      expect(checkChallengeForm({ ...FORM, ...change }, TODAY), field).toMatchObject({
        ok: false,
        field,
      });
  });

  it('offers every criterion but joining and completing challenges', () => {
    expect(CHALLENGE_CRITERIA.map((kind) => kind.value)).not.toContain('programme-joined');
    expect(CHALLENGE_CRITERIA.map((kind) => kind.value)).not.toContain('challenge-completed');
    for (const { value } of CHALLENGE_CRITERIA)
      expect(checkChallengeForm({ ...FORM, goalKind: value }, TODAY).ok, value).toBe(true);
  });

  it('wants the last day on or after the first, and neither in the past for a new one', () => {
    expect(checkChallengeForm({ ...FORM, endsOn: '2026-03-09' }, TODAY)).toMatchObject({
      field: 'endsOn',
      message: 'The last day must be on or after the first day.',
    });
    expect(checkChallengeForm({ ...FORM, endsOn: FORM.startsOn }, TODAY).ok).toBe(true);
    expect(checkChallengeForm({ ...FORM, startsOn: '2026-03-09' }, TODAY)).toMatchObject({
      field: 'startsOn',
      message: 'The first day has passed: choose today or a later day.',
    });
    expect(
      checkChallengeForm({ ...FORM, startsOn: '2026-03-01', endsOn: '2026-03-05' }, TODAY),
    ).toMatchObject({
      field: 'endsOn',
      message: 'The last day has passed: choose today or a later day.',
    });
  });

  it('keeps a running challenge’s criterion, target and first day once people joined', () => {
    const running = { ...FORM, startsOn: RUNNING.startsOn };
    expect(
      checkChallengeForm({ ...running, goalKind: 'resource-downloaded' }, TODAY, RUNNING),
    ).toMatchObject({ ok: false, field: 'goalKind' });
    const target = checkChallengeForm({ ...running, goalCount: '4' }, TODAY, RUNNING);
    expect(target).toMatchObject({ ok: false, field: 'goalCount' });
    expect(target.ok ? '' : target.message).toContain('Partners have joined');
    expect(
      checkChallengeForm({ ...running, startsOn: '2026-03-05' }, TODAY, RUNNING),
    ).toMatchObject({ ok: false, field: 'startsOn' });
    // Its name, description, points and last day may change.
    expect(
      checkChallengeForm(
        { ...running, name: 'Renamed', points: '200', endsOn: '2026-05-31' },
        TODAY,
        RUNNING,
      ).ok,
    ).toBe(true);
  });

  it('lets a running challenge nobody joined change its terms, but not start in the past', () => {
    const nobody = { ...RUNNING, joined: 0 };
    const running = { ...FORM, startsOn: RUNNING.startsOn };
    expect(
      checkChallengeForm(
        { ...running, goalKind: 'resource-downloaded', goalCount: '9' },
        TODAY,
        nobody,
      ).ok,
    ).toBe(true);
    expect(checkChallengeForm({ ...running, startsOn: '2026-03-02' }, TODAY, nobody)).toMatchObject(
      { ok: false, field: 'startsOn' },
    );
  });

  it('lets an upcoming challenge change everything, joined or not', () => {
    const upcoming = { ...RUNNING, startsOn: '2026-04-01', endsOn: '2026-04-30' };
    expect(
      checkChallengeForm(
        { ...FORM, goalKind: 'resource-downloaded', goalCount: '9' },
        TODAY,
        upcoming,
      ).ok,
    ).toBe(true);
  });

  it('changes nothing of an ended challenge', () => {
    const ended = { ...RUNNING, startsOn: '2026-02-01', endsOn: '2026-02-28' };
    expect(checkChallengeForm(FORM, TODAY, ended)).toMatchObject({
      ok: false,
      field: 'name',
      message: 'This challenge has ended; an ended challenge is kept as it ran.',
    });
  });
});
