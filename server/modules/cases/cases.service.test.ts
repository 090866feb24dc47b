import { beforeAll, beforeEach, expect, it } from 'vitest';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { listOutbox } from '~server/modules/mail';
import { caseWorld, customerCase, refusal, SITE, type CaseWorld } from './cases.fixture.ts';
import {
  getCase,
  listCases,
  markCaseSolved,
  raiseCase,
  rateCase,
  reopenCase,
  replyToCase,
} from './index.ts';
import { closeSolvedCases, recordDeflection } from './cases.service.ts';

const T0 = new Date('2026-03-02T09:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;
const later = (days: number) => new Date(T0.getTime() + days * DAY);

describeEachDialect('support cases', (database) => {
  let world: CaseWorld;
  beforeAll(async () => {
    world = await caseWorld(database().db, T0);
  });
  // Each test starts without cases or mail; the people and the content stay.
  beforeEach(async () => {
    const { db } = database();
    await db.deleteFrom('support_case').execute();
    await db.deleteFrom('support_case_deflection').execute();
    await db.deleteFrom('mail_outbox').execute();
  });

  it('raises a case with the next number, a confirmation e-mail in its thread, and status new', async () => {
    const first = await raiseCase(world.as('owner'), customerCase(world));
    const second = await raiseCase(
      world.as('owner'),
      customerCase(world, { subject: 'Another one' }),
    );
    expect(second.caseNumber).toBe(first.caseNumber + 1);
    expect(first.id).toMatch(/^500[A-Za-z0-9]{15}$/);
    const view = await getCase(world.as('owner'), first.id);
    expect(view).toMatchObject({
      status: 'new',
      statusLabel: 'New',
      categoryName: 'Banking: Bank feeds',
      impactLabel: 'Just me',
      contact: { method: 'email', email: 'owner@example.com', phone: null, window: null },
      relation: 'owner',
    });
    const mail = (await listOutbox(database().db)).find(
      (row) => row.event_key === `case-raised:${first.id}:${world.people.owner.id}`,
    );
    expect(mail?.recipient).toBe('owner@example.com');
    expect(mail?.subject).toBe(`[Case ${view.caseNumber}] Bank feed stopped`);
    expect(JSON.parse(mail?.headers ?? '{}')).toEqual({
      'In-Reply-To': `<case-${first.id}@portal.test>`,
      References: `<case-${first.id}@portal.test>`,
    });
    expect(mail?.text_body).toContain(`${SITE}/s/case?caseId=${first.id}`);
  });

  it('makes one case of a form sent twice', async () => {
    const input = customerCase(world, { key: 'raise-form-key-1' });
    const [a, b] = await Promise.all([
      raiseCase(world.as('owner'), input),
      raiseCase(world.as('owner'), input),
    ]);
    expect(a.id).toBe(b.id);
    expect([a.created, b.created].sort()).toEqual([false, true]);
    expect((await listCases(world.as('owner'), new URLSearchParams())).total).toBe(1);
  });

  it('refuses incomplete input, naming the field, and stores nothing', async () => {
    const input = customerCase(world);
    expect(
      await refusal(
        raiseCase(world.as('owner'), { ...input, classification: { categoryId: 'nope' } }),
      ),
    ).toEqual({ code: 'INVALID_INPUT', field: 'categoryId' });
    expect(
      await refusal(
        raiseCase(world.as('owner'), {
          ...input,
          details: {
            impact: 'just-me',
            contactMethod: 'callback',
            contactPhone: '0298765432',
            callbackFrom: '25:00',
            callbackTo: '10:00',
          },
        }),
      ),
    ).toEqual({ code: 'INVALID_INPUT', field: 'callbackFrom' });
    expect(await refusal(raiseCase(world.guest(), input))).toEqual({
      code: 'SIGN_IN_REQUIRED',
      field: undefined,
    });
    expect((await listCases(world.as('owner'), new URLSearchParams())).total).toBe(0);
  });

  it('shows a case to its owner, its people, its organisation’s contacts and agents only', async () => {
    const { id } = await raiseCase(world.as('owner'), customerCase(world));
    expect((await getCase(world.as('contact'), id)).relation).toBe('organisation-contact');
    expect((await getCase(world.as('principal'), id)).relation).toBe('organisation-contact');
    expect((await getCase(world.as('agent'), id)).relation).toBe('agent');
    for (const who of ['colleague', 'otherContact', 'stranger'] as const) {
      expect(await refusal(getCase(world.as(who), id))).toEqual({
        code: 'NOT_FOUND',
        field: undefined,
      });
    }
    // The same refusal as for a case that does not exist.
    expect(await refusal(getCase(world.as('stranger'), '500000000000000000'))).toEqual({
      code: 'NOT_FOUND',
      field: undefined,
    });
    expect(await refusal(replyToCase(world.as('stranger'), id, { body: 'Hi' }))).toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('moves the status with each message and mails everyone on the case but the author', async () => {
    const { id } = await raiseCase(world.as('owner'), customerCase(world));
    await replyToCase(world.as('agent', later(0.1)), id, { body: 'Which bank is it?' });
    let view = await getCase(world.as('owner'), id);
    expect(view.status).toBe('awaiting-reply');
    expect(view.messages.map((m) => [m.authorRole, m.bodyHtml])).toEqual([
      ['agent', '<p>Which bank is it?</p>\n'],
    ]);
    await replyToCase(world.as('owner', later(0.2)), id, {
      body: 'Coastal Bank.',
      idempotencyKey: 'reply-key-01',
    });
    await replyToCase(world.as('owner', later(0.2)), id, {
      body: 'Coastal Bank.',
      idempotencyKey: 'reply-key-01',
    });
    view = await getCase(world.as('owner'), id);
    expect(view.status).toBe('open');
    expect(view.messages).toHaveLength(2);
    const mails = await listOutbox(database().db);
    // The confirmation, the agent's reply to the owner; the owner's own message goes to nobody else.
    expect(mails.map((mail) => mail.recipient)).toEqual(['owner@example.com', 'owner@example.com']);
    expect(mails[1]?.text_body).toContain('Which bank is it?');
  });

  it('reopens within 14 days of solving, and offers a follow-up after; closes after 14 days', async () => {
    const { id } = await raiseCase(world.as('owner'), customerCase(world));
    await markCaseSolved(world.as('agent', later(1)), id);
    expect((await getCase(world.as('owner', later(2)), id)).may.reopen).toBe('reopen');
    expect(await reopenCase(world.as('owner', later(2)), id)).toBe('reopened');
    expect((await getCase(world.as('owner'), id)).status).toBe('open');
    await markCaseSolved(world.as('owner', later(3)), id);
    expect(await reopenCase(world.as('owner', later(17)), id)).toBe('follow-up');
    expect(await closeSolvedCases(database().db, later(16.9))).toBe(0);
    expect(await closeSolvedCases(database().db, later(17))).toBe(1);
    const closed = await getCase(world.as('owner', later(17)), id);
    expect(closed.status).toBe('closed');
    expect(closed.may.reply).toBe(false);
    expect(
      await refusal(replyToCase(world.as('owner', later(17)), id, { body: 'Hi' })),
    ).toMatchObject({
      code: 'CONFLICT',
    });
    const followUp = await raiseCase(world.as('owner', later(18)), {
      ...customerCase(world),
      followUpOf: id,
    });
    expect((await getCase(world.as('owner'), followUp.id)).followUpOf).toEqual({ id });
  });

  it('takes a rating from the owner once the case is solved', async () => {
    const { id } = await raiseCase(world.as('owner'), customerCase(world));
    expect(
      await refusal(rateCase(world.as('owner'), id, { score: '5', comment: '' })),
    ).toMatchObject({ code: 'CONFLICT' });
    await markCaseSolved(world.as('agent', later(1)), id);
    expect(
      await refusal(rateCase(world.as('owner'), id, { score: '9', comment: '' })),
    ).toMatchObject({ field: 'score' });
    expect(
      await refusal(rateCase(world.as('contact'), id, { score: '5', comment: '' })),
    ).toMatchObject({ code: 'CONFLICT' });
    await rateCase(world.as('owner', later(2)), id, { score: '4', comment: ' Good help ' });
    expect((await getCase(world.as('owner'), id)).rating).toEqual({
      score: 4,
      comment: 'Good help',
    });
    const solvedMail = (await listOutbox(database().db)).find(
      (mail) => mail.subject && mail.text_body.includes('marked this case solved'),
    );
    expect(solvedMail?.text_body).toContain(`/s/case?caseId=${id}#rating`);
  });

  it('lists my cases with status filters, search, sort and paging, and the organisation’s for contacts', async () => {
    for (let index = 1; index <= 22; index += 1) {
      await raiseCase(
        world.as('owner', later(index / 100)),
        customerCase(world, { subject: `Question number ${index}` }),
      );
    }
    const { id } = await raiseCase(
      world.as('colleague', later(1)),
      customerCase(world, { subject: 'Payroll is late' }),
    );
    await markCaseSolved(world.as('colleague', later(1)), id);
    const mine = await listCases(world.as('owner'), new URLSearchParams());
    expect(mine.total).toBe(22);
    expect(mine.pageCount).toBe(2);
    expect(mine.cases[0]?.subject).toBe('Question number 22');
    expect(mine.seesOrganisation).toBe(false);
    const page2 = await listCases(world.as('owner'), new URLSearchParams('page=2&sort=number'));
    expect(page2.cases.map((c) => c.subject)).toEqual(['Question number 2', 'Question number 1']);
    expect((await listCases(world.as('owner'), new URLSearchParams('q=NUMBER 1'))).total).toBe(11);
    const byNumber = await listCases(
      world.as('owner'),
      new URLSearchParams(`q=${mine.cases[0]?.caseNumber}`),
    );
    expect(byNumber.cases.map((c) => c.subject)).toEqual(['Question number 22']);
    expect((await listCases(world.as('owner'), new URLSearchParams('q=100%'))).total).toBe(0);
    // A member asking for the organisation's tab gets their own cases.
    expect(
      (await listCases(world.as('owner'), new URLSearchParams('tab=organisation'))).total,
    ).toBe(22);
    const organisation = await listCases(
      world.as('contact'),
      new URLSearchParams('tab=organisation&status=solved'),
    );
    expect(organisation.seesOrganisation).toBe(true);
    expect(organisation.cases.map((c) => c.subject)).toEqual(['Payroll is late']);
    expect(
      (await listCases(world.as('contact'), new URLSearchParams('tab=organisation&status=active')))
        .total,
    ).toBe(22);
    expect(
      (await listCases(world.as('otherContact'), new URLSearchParams('tab=organisation'))).total,
    ).toBe(0);
  });

  it('records a deflection without making a case', async () => {
    await recordDeflection(world.as('owner'), {
      subject: 'Bank feed stopped',
      categoryId: world.topics.banking,
    });
    const rows = await database().db.selectFrom('support_case_deflection').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect((await listCases(world.as('owner'), new URLSearchParams())).total).toBe(0);
  });
});
