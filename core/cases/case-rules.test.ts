import { describe, expect, it } from 'vitest';
import { caseRelation, mayManagePeople, type CaseReader } from './case-access.ts';
import {
  caseDescriptionInput,
  caseDetailsInput,
  invitationInput,
  isValidPhoneNumber,
  ratingInput,
} from './case-input.ts';
import { caseListQuery, caseListSearch, statusesOf } from './case-lists.ts';
import { formatCaseNumber, parseCaseNumber } from './case-number.ts';
import { nextStep, previousStep, stepsFor } from './raise-flow.ts';

const reader = (fields: Partial<CaseReader>): CaseReader => ({
  id: 'reader',
  isAgent: false,
  isPrimaryContact: false,
  isPrincipalContact: false,
  organisationId: null,
  ...fields,
});
const audience = { ownerId: 'owner', organisationId: 'org-1', peopleIds: ['colleague'] };

describe('who sees a case', () => {
  it('lets in the owner, the people on it, its organisation contacts and agents', () => {
    expect(caseRelation(reader({ id: 'owner' }), audience)).toBe('owner');
    expect(caseRelation(reader({ id: 'colleague' }), audience)).toBe('person');
    expect(
      caseRelation(reader({ isPrimaryContact: true, organisationId: 'org-1' }), audience),
    ).toBe('organisation-contact');
    expect(
      caseRelation(reader({ isPrincipalContact: true, organisationId: 'org-1' }), audience),
    ).toBe('organisation-contact');
    expect(caseRelation(reader({ isAgent: true }), audience)).toBe('agent');
  });
  it('keeps out everyone else, even contacts of another organisation or members of this one', () => {
    expect(caseRelation(reader({}), audience)).toBeUndefined();
    expect(
      caseRelation(reader({ isPrimaryContact: true, organisationId: 'org-2' }), audience),
    ).toBeUndefined();
    expect(caseRelation(reader({ organisationId: 'org-1' }), audience)).toBeUndefined();
    expect(
      caseRelation(reader({ isPrimaryContact: true }), { ...audience, organisationId: null }),
    ).toBeUndefined();
  });
  it('lets only the owner and agents manage people', () => {
    expect(mayManagePeople('owner')).toBe(true);
    expect(mayManagePeople('agent')).toBe(true);
    expect(mayManagePeople('person')).toBe(false);
    expect(mayManagePeople('organisation-contact')).toBe(false);
  });
});

describe('case numbers', () => {
  it('are eight digits, and read back however they are typed', () => {
    expect(formatCaseNumber(1042)).toBe('00001042');
    expect(parseCaseNumber('00001042')).toBe(1042);
    expect(parseCaseNumber(' #1042 ')).toBe(1042);
    expect(parseCaseNumber('0')).toBeUndefined();
    expect(parseCaseNumber('123456789')).toBeUndefined();
    expect(parseCaseNumber('12a')).toBeUndefined();
  });
});

describe('what a case must carry', () => {
  it('needs a subject and a description of a useful length', () => {
    expect(
      caseDescriptionInput.safeParse({ subject: 'Hi', description: 'x'.repeat(30) }).success,
    ).toBe(false);
    expect(
      caseDescriptionInput.safeParse({ subject: 'Bank feed stopped', description: 'short' })
        .success,
    ).toBe(false);
    const ok = caseDescriptionInput.parse({
      subject: '  Bank feed stopped\u200b ',
      description: 'My bank feed has not updated since Monday.\r\n',
    });
    expect(ok).toEqual({
      subject: 'Bank feed stopped',
      description: 'My bank feed has not updated since Monday.',
      product: '',
    });
  });

  it('checks the preferred contact: e-mail by the e-mail rule, phone digits, a callback window by the time rule', () => {
    const base = { impact: 'just-me' };
    const problems = (details: object) => {
      const result = caseDetailsInput.safeParse({ ...base, ...details });
      return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
    };
    expect(problems({ contactMethod: 'email', contactEmail: 'mia@example.com' })).toEqual([]);
    expect(problems({ contactMethod: 'email', contactEmail: 'mia@example' })).toEqual([
      'contactEmail',
    ]);
    expect(problems({ contactMethod: 'phone', contactPhone: '+61 2 9876 5432' })).toEqual([]);
    expect(problems({ contactMethod: 'phone', contactPhone: '12345' })).toEqual(['contactPhone']);
    expect(
      problems({
        contactMethod: 'callback',
        contactPhone: '02 9876 5432',
        callbackFrom: '09:00',
        callbackTo: '11:30',
      }),
    ).toEqual([]);
    expect(
      problems({
        contactMethod: 'callback',
        contactPhone: '02 9876 5432',
        callbackFrom: '24:00',
        callbackTo: '11:30',
      }),
    ).toEqual(['callbackFrom']);
    expect(
      problems({
        contactMethod: 'callback',
        contactPhone: '02 9876 5432',
        callbackFrom: '12:00',
        callbackTo: '11:30',
      }),
    ).toEqual(['callbackTo']);
    expect(problems({ contactMethod: 'fax' })).toEqual(['contactMethod']);
    expect(
      caseDetailsInput.safeParse({ contactMethod: 'email', contactEmail: 'a@b.co' }).success,
    ).toBe(false);
  });

  it('reads phone numbers as people type them', () => {
    expect(isValidPhoneNumber('(02) 9876-5432')).toBe(true);
    expect(isValidPhoneNumber('+1234567890123456')).toBe(false);
    expect(isValidPhoneNumber('call me')).toBe(false);
  });

  it('rates from 1 to 5 with an optional comment, and invites by a valid address', () => {
    expect(ratingInput.parse({ score: '4' })).toEqual({ score: 4, comment: '' });
    expect(ratingInput.safeParse({ score: '6' }).success).toBe(false);
    expect(ratingInput.safeParse({ score: '2.5' }).success).toBe(false);
    expect(invitationInput.parse({ email: ' sam@example.com ' })).toEqual({
      email: 'sam@example.com',
    });
    expect(invitationInput.safeParse({ email: 'sam@' }).success).toBe(false);
  });
});

describe('the raise flow', () => {
  it('goes describe, classify, deflect, details, review', () => {
    const options = { skipDeflection: false };
    expect(stepsFor(options)).toEqual(['describe', 'classify', 'deflect', 'details', 'review']);
    expect(nextStep('classify', options)).toBe('deflect');
    expect(previousStep('details', options)).toBe('deflect');
    expect(previousStep('describe', options)).toBeUndefined();
    expect(nextStep('review', options)).toBeUndefined();
  });
  it('skips deflection after an article was viewed', () => {
    const options = { skipDeflection: true };
    expect(nextStep('classify', options)).toBe('details');
    expect(previousStep('details', options)).toBe('classify');
  });
});

describe('the case list query', () => {
  it('reads the tab, status, text, sort and page, falling back on anything unknown', () => {
    const query = caseListQuery(
      new URLSearchParams('tab=organisation&status=solved&q= bank &sort=number&page=3'),
    );
    expect(query).toEqual({
      scope: 'organisation',
      status: 'solved',
      text: 'bank',
      sort: 'number',
      page: 3,
    });
    expect(caseListQuery(new URLSearchParams('status=nope&sort=x&page=-2'))).toEqual({
      scope: 'mine',
      status: 'all',
      text: '',
      sort: 'updated',
      page: 1,
    });
    expect(caseListSearch(query)).toBe('?tab=organisation&status=solved&q=bank&sort=number&page=3');
    expect(caseListSearch(caseListQuery(new URLSearchParams()))).toBe('');
  });
  it('keeps the statuses a filter asks for', () => {
    expect(statusesOf('all')).toBeUndefined();
    expect(statusesOf('active')).toEqual(['new', 'open', 'awaiting-reply']);
    expect(statusesOf('solved')).toEqual(['solved']);
  });
});
