import { beforeAll, beforeEach, expect, it } from 'vitest';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { listOutbox } from '~server/modules/mail';
import { caseWorld, customerCase, refusal, type CaseWorld } from './cases.fixture.ts';
import {
  addInternalNote,
  assignCase,
  getAgentCaseDetails,
  getCase,
  listAgentQueue,
  mergeCase,
  raiseCase,
  replyToCase,
  setCaseStatus,
  takeCase,
} from './index.ts';

const T0 = new Date('2026-03-02T09:00:00.000Z');
const HOUR = 60 * 60 * 1000;
const later = (hours: number) => new Date(T0.getTime() + hours * HOUR);
const queue = (search: string) => new URLSearchParams(search);

describeEachDialect("the agents' workspace", (database) => {
  let world: CaseWorld;
  beforeAll(async () => {
    world = await caseWorld(database().db, T0);
  });
  beforeEach(async () => {
    const { db } = database();
    await db.deleteFrom('support_case').execute();
    await db.deleteFrom('mail_outbox').execute();
  });
  const raise = (subject = 'Bank feed stopped', who: 'owner' | 'colleague' = 'owner') =>
    raiseCase(world.as(who), customerCase(world, { subject }));
  const subjects = async (search: string, who: 'agent' | 'secondAgent' = 'agent', at = T0) =>
    (await listAgentQueue(world.as(who, at), queue(search))).cases.map((c) => c.subject);

  it('is for agents only: others are refused like a page that does not exist', async () => {
    const { id } = await raise();
    for (const who of ['owner', 'contact', 'stranger'] as const) {
      expect(await refusal(listAgentQueue(world.as(who), queue('')))).toMatchObject({
        code: 'NOT_FOUND',
      });
      expect(await refusal(takeCase(world.as(who), id))).toMatchObject({ code: 'NOT_FOUND' });
      expect(await refusal(addInternalNote(world.as(who), id, { body: 'x' }))).toMatchObject({
        code: 'NOT_FOUND',
      });
    }
    expect(await refusal(listAgentQueue(world.guest(), queue('')))).toMatchObject({
      code: 'SIGN_IN_REQUIRED',
    });
  });

  it('sorts the unassigned queue by how long the customer has waited, with the wait shown', async () => {
    const first = await raise('First problem');
    await raiseCase(
      world.as('owner', later(3)),
      customerCase(world, { subject: 'Second problem' }),
    );
    const view = await listAgentQueue(world.as('agent', later(5)), queue(''));
    expect(view.cases.map((c) => [c.subject, c.wait])).toEqual([
      ['First problem', { level: 'due', label: '5 h' }],
      ['Second problem', { level: 'fine', label: '2 h' }],
    ]);
    expect(view.counts).toMatchObject({ unassigned: 2, mine: 0, waiting: 0, all: 2 });
    await takeCase(world.as('agent'), first.id);
    expect(await subjects('')).toEqual(['Second problem']);
    expect(await subjects('?queue=mine')).toEqual(['First problem']);
    expect(await subjects('?queue=mine', 'secondAgent')).toEqual([]);
    await replyToCase(world.as('agent', later(6)), first.id, { body: 'Which bank?' });
    expect(await subjects('?queue=waiting')).toEqual(['First problem']);
  });

  it('filters by impact and product from the query string', async () => {
    await raise('Only me');
    await raiseCase(world.as('owner'), {
      ...customerCase(world, { subject: 'Everyone is stuck' }),
      details: { impact: 'whole-business', contactMethod: 'email', contactEmail: 'o@example.com' },
    });
    expect(await subjects('?impact=whole-business')).toEqual(['Everyone is stuck']);
    expect(await subjects('?sort=impact')).toEqual(['Everyone is stuck', 'Only me']);
    expect(await subjects('?product=no-such-product')).toEqual([]);
  });

  it('lets one of two agents taking the same case at once win, and tells the other who', async () => {
    const { id } = await raise();
    const results = await Promise.allSettled([
      takeCase(world.as('agent'), id),
      takeCase(world.as('secondAgent'), id),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const details = await getAgentCaseDetails(world.as('agent'), id);
    const loser = details.assignee?.id === world.people.agent.id ? 'secondAgent' : 'agent';
    expect(await refusal(takeCase(world.as(loser), id))).toMatchObject({ code: 'CONFLICT' });
    await expect(takeCase(world.as(loser), id)).rejects.toThrow(
      `${details.assignee?.name} took this case a moment ago.`,
    );
  });

  it('assigns a case to a colleague of the team, never to a customer', async () => {
    const { id } = await raise();
    await assignCase(world.as('agent'), id, world.people.secondAgent.id);
    expect((await getAgentCaseDetails(world.as('agent'), id)).assignee?.id).toBe(
      world.people.secondAgent.id,
    );
    expect(await subjects('?queue=mine', 'secondAgent')).toEqual(['Bank feed stopped']);
    expect(await refusal(assignCase(world.as('agent'), id, world.people.owner.id))).toEqual({
      code: 'INVALID_INPUT',
      field: 'assigneeId',
    });
    await assignCase(world.as('agent'), id, '');
    expect(await subjects('')).toEqual(['Bank feed stopped']);
  });

  it('keeps internal notes from customers, their pages and their e-mails', async () => {
    const { id } = await raise();
    await addInternalNote(world.as('agent'), id, { body: 'Secret: bank outage, ticket 42' });
    await replyToCase(world.as('agent', later(1)), id, { body: 'We are looking into it.' });
    const agentView = await getCase(world.as('agent'), id);
    expect(agentView.messages.map((m) => [m.internal, m.bodyHtml])).toEqual([
      [true, '<p>Secret: bank outage, ticket 42</p>\n'],
      [false, '<p>We are looking into it.</p>\n'],
    ]);
    for (const who of ['owner', 'contact'] as const) {
      const view = await getCase(world.as(who), id);
      expect(JSON.stringify(view)).not.toContain('Secret');
    }
    const mail = await listOutbox(database().db);
    expect(mail.length).toBeGreaterThan(0);
    expect(JSON.stringify(mail)).not.toContain('Secret');
    // A note is no answer: the status stays where the public reply left it.
    expect(agentView.status).toBe('awaiting-reply');
  });

  it('sets statuses by hand, mailing the rating link when solved, and refuses closing', async () => {
    const { id } = await raise();
    await setCaseStatus(world.as('agent'), id, 'open');
    expect((await getCase(world.as('owner'), id)).status).toBe('open');
    await setCaseStatus(world.as('agent'), id, 'solved');
    expect((await getCase(world.as('owner'), id)).status).toBe('solved');
    expect(
      (await listOutbox(database().db)).some((m) => m.event_key.startsWith('case-solved')),
    ).toBe(true);
    expect(await refusal(setCaseStatus(world.as('agent'), id, 'closed'))).toEqual({
      code: 'INVALID_INPUT',
      field: 'status',
    });
  });

  it('merges a duplicate: conversation and people move, the customer is told, once', async () => {
    const original = await raise('Bank feed stopped');
    const duplicate = await raise('Bank feed still broken');
    await replyToCase(world.as('owner'), duplicate.id, { body: 'Any news on this?' });
    const { db } = database();
    await db
      .insertInto('support_case_person')
      .values({
        case_id: duplicate.id,
        user_id: world.people.colleague.id,
        added_by: world.people.owner.id,
        added_at: T0.toISOString(),
      })
      .execute();
    await db.deleteFrom('mail_outbox').execute();
    const number = String(original.caseNumber);
    const results = await Promise.allSettled([
      mergeCase(world.as('agent', later(1)), duplicate.id, number),
      mergeCase(world.as('secondAgent', later(1)), duplicate.id, number),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const into = await getCase(world.as('colleague'), original.id);
    expect(into.messages.map((m) => m.bodyHtml).join('')).toContain('Any news on this?');
    expect(into.messages.at(-1)?.bodyHtml).toContain('was merged into case');
    const merged = await getCase(world.as('owner'), duplicate.id);
    expect(merged).toMatchObject({ status: 'closed', mergedInto: { id: original.id } });
    expect(merged.messages).toEqual([]);
    const told = (await listOutbox(db)).map((m) => m.recipient).sort();
    expect(told).toEqual(['colleague@example.com', 'owner@example.com']);
    expect(
      (await listAgentQueue(world.as('agent'), queue('?queue=all'))).cases.map((c) => c.id),
    ).toEqual([original.id]);
  });

  it('refuses merging into an unknown case, itself, or another customer’s case', async () => {
    const mine = await raise();
    const theirs = await raise('Their problem', 'colleague');
    const merge = (into: string) => refusal(mergeCase(world.as('agent'), mine.id, into));
    expect(await merge('99999999')).toEqual({ code: 'INVALID_INPUT', field: 'into' });
    expect(await merge('not a number')).toEqual({ code: 'INVALID_INPUT', field: 'into' });
    expect(await merge(String(mine.caseNumber))).toEqual({ code: 'INVALID_INPUT', field: 'into' });
    expect(await merge(String(theirs.caseNumber))).toEqual({
      code: 'INVALID_INPUT',
      field: 'into',
    });
    expect((await getCase(world.as('owner'), mine.id)).status).toBe('new');
  });
});
