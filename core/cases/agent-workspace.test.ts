import { describe, expect, it } from 'vitest';
import { shortcutAction, shortcutsOf, AGENT_SHORTCUTS } from './agent-shortcuts.ts';
import {
  agentQueueFilter,
  agentQueueQuery,
  agentQueueSearch,
  customerWait,
  isAgentStatusChoice,
  mergeRefusal,
  type MergeCandidate,
} from './agent-workspace.ts';

describe('the agent queues', () => {
  it('reads the queue, filters, sort and page from the query string', () => {
    expect(
      agentQueueQuery(
        new URLSearchParams('queue=mine&impact=whole-business&product=payroll&sort=impact&page=3'),
      ),
    ).toEqual({
      queue: 'mine',
      impact: 'whole-business',
      product: 'payroll',
      sort: 'impact',
      page: 3,
    });
  });
  it('falls back to the unassigned queue, longest waiting first, for anything unknown', () => {
    expect(agentQueueQuery(new URLSearchParams('queue=nope&impact=huge&sort=x&page=-2'))).toEqual({
      queue: 'unassigned',
      impact: '',
      product: '',
      sort: 'waiting',
      page: 1,
    });
    expect(agentQueueQuery(new URLSearchParams('page=1.5')).page).toBe(1);
    expect(agentQueueQuery(new URLSearchParams('page=99999999')).page).toBe(1);
    expect(agentQueueQuery(new URLSearchParams(`product=${'p'.repeat(300)}`)).product).toHaveLength(
      100,
    );
  });
  it('writes a query string without the defaults, so links stay short and round-trip', () => {
    const query = agentQueueQuery(new URLSearchParams());
    expect(agentQueueSearch(query)).toBe('');
    const search = agentQueueSearch(query, { queue: 'partner', impact: 'just-me', page: 2 });
    expect(search).toBe('?queue=partner&impact=just-me&page=2');
    expect(agentQueueQuery(new URLSearchParams(search))).toEqual({
      ...query,
      queue: 'partner',
      impact: 'just-me',
      page: 2,
    });
  });
  it('turns each queue into what it holds', () => {
    expect(agentQueueFilter('unassigned', 'me')).toEqual({
      statuses: ['new', 'open'],
      assignee: 'none',
      queue: undefined,
    });
    expect(agentQueueFilter('mine', 'me')).toEqual({
      statuses: ['new', 'open', 'awaiting-reply'],
      assignee: 'me',
      queue: undefined,
    });
    expect(agentQueueFilter('waiting', 'me').statuses).toEqual(['awaiting-reply']);
    expect(agentQueueFilter('partner', 'me').queue).toBe('partner');
    expect(agentQueueFilter('all', 'me')).toEqual({
      statuses: ['new', 'open', 'awaiting-reply'],
      assignee: undefined,
      queue: undefined,
    });
  });
});

describe("the customer's wait", () => {
  const now = new Date('2026-03-02T12:00:00.000Z');
  const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();
  it('counts from the last customer message while the case is with the team', () => {
    expect(customerWait('new', ago(45), now)).toEqual({ level: 'fine', label: '45 min' });
    expect(customerWait('open', ago(3 * 60 + 5), now)).toEqual({
      level: 'fine',
      label: '3 h 5 min',
    });
    expect(customerWait('open', ago(4 * 60), now)).toEqual({ level: 'due', label: '4 h' });
    expect(customerWait('open', ago(24 * 60 - 1), now).level).toBe('due');
    expect(customerWait('new', ago(24 * 60), now)).toEqual({ level: 'overdue', label: '1 d' });
    expect(customerWait('new', ago(52 * 60), now)).toEqual({ level: 'overdue', label: '2 d 4 h' });
  });
  it('shows no wait when the team waits for the customer, or the case is done', () => {
    for (const status of ['awaiting-reply', 'solved', 'closed'] as const) {
      expect(customerWait(status, ago(5000), now)).toEqual({ level: 'none', label: '' });
    }
    expect(customerWait('open', null, now).level).toBe('none');
  });
  it('never shows a negative wait for a clock slightly ahead', () => {
    expect(customerWait('new', new Date(now.getTime() + 60_000).toISOString(), now).label).toBe(
      '0 min',
    );
  });
});

describe('status changes and merging', () => {
  it('lets agents set open, awaiting reply and solved, but not closed or new', () => {
    expect(['open', 'awaiting-reply', 'solved'].every(isAgentStatusChoice)).toBe(true);
    expect(isAgentStatusChoice('closed')).toBe(false);
    expect(isAgentStatusChoice('new')).toBe(false);
  });
  const candidate = (fields: Partial<MergeCandidate>): MergeCandidate => ({
    id: 'a',
    ownerId: 'owner',
    status: 'open',
    mergedInto: null,
    ...fields,
  });
  it('merges a duplicate into another case of the same customer', () => {
    expect(mergeRefusal(candidate({ id: 'a' }), candidate({ id: 'b' }))).toBeUndefined();
    expect(
      mergeRefusal(candidate({ id: 'a' }), candidate({ id: 'b', status: 'solved' })),
    ).toBeUndefined();
  });
  it('refuses itself, an already merged duplicate, a closed target and another customer', () => {
    expect(mergeRefusal(candidate({}), candidate({}))).toMatch(/itself/);
    expect(mergeRefusal(candidate({ mergedInto: 'c' }), candidate({ id: 'b' }))).toMatch(
      /already merged/,
    );
    expect(mergeRefusal(candidate({}), candidate({ id: 'b', status: 'closed' }))).toMatch(/closed/);
    expect(mergeRefusal(candidate({}), candidate({ id: 'b', mergedInto: 'c' }))).toMatch(/closed/);
    expect(mergeRefusal(candidate({}), candidate({ id: 'b', ownerId: 'other' }))).toMatch(
      /same customer/,
    );
  });
});

describe('keyboard shortcuts', () => {
  const press = (key: string, fields: Partial<Parameters<typeof shortcutAction>[0]> = {}) => ({
    key,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    inField: false,
    ...fields,
  });
  it('maps single keys to the actions of the page they are pressed on', () => {
    expect(shortcutAction(press('j'), 'queue')).toBe('next-case');
    expect(shortcutAction(press('t'), 'queue')).toBe('take-case');
    expect(shortcutAction(press('t'), 'case')).toBe('take-case');
    expect(shortcutAction(press('n'), 'case')).toBe('internal-note');
    expect(shortcutAction(press('?'), 'case')).toBe('show-shortcuts');
    expect(shortcutAction(press('j'), 'case')).toBeUndefined();
    expect(shortcutAction(press('n'), 'queue')).toBeUndefined();
  });
  it('leaves typing and the browser’s own shortcuts alone', () => {
    expect(shortcutAction(press('r', { inField: true }), 'case')).toBeUndefined();
    expect(shortcutAction(press('r', { ctrlKey: true }), 'case')).toBeUndefined();
    expect(shortcutAction(press('r', { metaKey: true }), 'case')).toBeUndefined();
    expect(shortcutAction(press('r', { altKey: true }), 'case')).toBeUndefined();
  });
  it('gives each key one action per page, and lists every shortcut in the help', () => {
    for (const place of ['queue', 'case'] as const) {
      const keys = shortcutsOf(place).map((shortcut) => shortcut.key);
      expect(new Set(keys).size).toBe(keys.length);
    }
    expect(new Set([...shortcutsOf('queue'), ...shortcutsOf('case')])).toEqual(
      new Set(AGENT_SHORTCUTS),
    );
  });
});
