import { describe, expect, it } from 'vitest';
import {
  holdersText,
  isInForce,
  practiceCertifications,
  type HeldCertification,
} from './badge-certifications.ts';

const TODAY = '2026-11-27';
const held = (
  holder: string,
  name: string,
  expiresOn: string | null = null,
): HeldCertification => ({
  holder,
  name,
  earnedOn: '2026-01-10',
  expiresOn,
});

describe('certifications on a recognition badge', () => {
  it('counts a certification until the end of its expiry day, and one without expiry always', () => {
    expect(isInForce({ expiresOn: TODAY }, TODAY)).toBe(true);
    expect(isInForce({ expiresOn: '2026-11-26' }, TODAY)).toBe(false);
    expect(isInForce({ expiresOn: null }, TODAY)).toBe(true);
  });

  it('counts the people who hold each certification in force, most held first', () => {
    expect(
      practiceCertifications(
        [
          held('priya@example.com', 'Certified advisor', '2027-03-14'),
          held('oliver@example.com', 'Certified advisor', '2027-06-21'),
          held('oliver@example.com', 'Practice Manager specialist'),
          held('priya@example.com', 'Payroll certified', '2026-08-02'),
        ],
        TODAY,
      ),
    ).toEqual([
      { name: 'Certified advisor', holders: 2 },
      { name: 'Practice Manager specialist', holders: 1 },
    ]);
  });

  it('counts a person once for a certification held twice, whatever the case of its name', () => {
    expect(
      practiceCertifications(
        [
          held('priya@example.com', 'Certified advisor'),
          held('Priya@Example.com ', 'certified advisor '),
        ],
        TODAY,
      ),
    ).toEqual([{ name: 'Certified advisor', holders: 1 }]);
  });

  it('orders certifications held by as many people by name', () => {
    expect(
      practiceCertifications(
        [held('a@x.test', 'Payroll'), held('b@x.test', 'Bank feeds')],
        TODAY,
      ).map((certification) => certification.name),
    ).toEqual(['Bank feeds', 'Payroll']);
  });

  it('has nothing to show for a practice without certifications in force', () => {
    expect(practiceCertifications([], TODAY)).toEqual([]);
    expect(practiceCertifications([held('a@x.test', 'Payroll', '2020-01-01')], TODAY)).toEqual([]);
  });

  it('says how many people hold one', () => {
    expect(holdersText(1)).toBe('held by 1 person');
    expect(holdersText(3)).toBe('held by 3 people');
  });
});
