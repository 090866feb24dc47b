import { describe, expect, it } from 'vitest';
import {
  partnerStepFollowPath,
  actionButtonOf,
  actionTypeOf,
  dueLabel,
  groupByActionType,
  toSuggestedStep,
  type RecommendationRecord,
} from './suggested-steps.ts';

const NOW = new Date('2026-03-10T12:00:00.000Z');
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

function step(overrides: Partial<RecommendationRecord> = {}): RecommendationRecord {
  return {
    Id: '0RD000000000000001',
    Name: 'Add your first client',
    Description: 'Add a client',
    Complete__c: false,
    Mandatory__c: true,
    Dismissed__c: false,
    Due_Date__c: null,
    Redirect_URL__c: '/0/partners/account',
    Points__c: 50,
    ...overrides,
  };
}

function inFromNow(ms: number): string {
  return new Date(NOW.getTime() + ms).toISOString();
}

describe('suggested-step due label', () => {
  it("is 'Completed' for a complete step, whatever else it is", () => {
    expect(dueLabel(step({ Complete__c: true }), NOW)).toBe('Completed');
    expect(dueLabel(step({ Complete__c: true, Mandatory__c: false }), NOW)).toBe('Completed');
    expect(dueLabel(step({ Complete__c: true, Due_Date__c: '2020-01-01' }), NOW)).toBe('Completed');
  });

  it("is 'Optional' for a step that is not mandatory, even with a due date", () => {
    expect(dueLabel(step({ Mandatory__c: false }), NOW)).toBe('Optional');
    expect(dueLabel(step({ Mandatory__c: false, Due_Date__c: '2020-01-01' }), NOW)).toBe(
      'Optional',
    );
  });

  it("is 'No due date' for a mandatory step without one", () => {
    expect(dueLabel(step({ Due_Date__c: null }), NOW)).toBe('No due date');
  });

  it("treats an unreadable date as 'No due date'", () => {
    expect(dueLabel(step({ Due_Date__c: 'next week' }), NOW)).toBe('No due date');
  });

  it("is 'Overdue' when the due time is now or has passed", () => {
    expect(dueLabel(step({ Due_Date__c: NOW.toISOString() }), NOW)).toBe('Overdue');
    expect(dueLabel(step({ Due_Date__c: inFromNow(-1) }), NOW)).toBe('Overdue');
    expect(dueLabel(step({ Due_Date__c: '2026-03-01' }), NOW)).toBe('Overdue');
  });

  it('reads a date without a time as the start of that day in UTC', () => {
    expect(dueLabel(step({ Due_Date__c: '2026-03-10' }), NOW)).toBe('Overdue');
    expect(dueLabel(step({ Due_Date__c: '2026-03-11' }), NOW)).toBe('Due 1 day');
    expect(dueLabel(step({ Due_Date__c: '2026-03-20' }), NOW)).toBe('Due 10 days');
  });

  it('rounds the days remaining to the nearest day', () => {
    expect(dueLabel(step({ Due_Date__c: inFromNow(DAY + 11 * HOUR) }), NOW)).toBe('Due 1 day');
    expect(dueLabel(step({ Due_Date__c: inFromNow(DAY + 12 * HOUR) }), NOW)).toBe('Due 2 days');
    expect(dueLabel(step({ Due_Date__c: inFromNow(12 * HOUR) }), NOW)).toBe('Due 1 day');
    expect(dueLabel(step({ Due_Date__c: inFromNow(3 * DAY - HOUR) }), NOW)).toBe('Due 3 days');
  });

  it("says 'days' for any count but 1, including a step due within half a day", () => {
    expect(dueLabel(step({ Due_Date__c: inFromNow(11 * HOUR) }), NOW)).toBe('Due 0 days');
    expect(dueLabel(step({ Due_Date__c: inFromNow(2 * DAY) }), NOW)).toBe('Due 2 days');
  });
});

describe('suggested-step action button', () => {
  it.each([
    [false, false, false, 'Dismiss step'],
    [false, false, true, 'Un-dismiss step'],
    [false, true, false, null],
    [false, true, true, null],
    [true, false, false, null],
    [true, false, true, null],
    [true, true, false, null],
    [true, true, true, null],
  ] as const)(
    'complete %s, mandatory %s, dismissed %s: %s',
    (complete, mandatory, dismissed, label) => {
      const button = actionButtonOf(
        step({ Complete__c: complete, Mandatory__c: mandatory, Dismissed__c: dismissed }),
      );
      expect(button?.label ?? null).toBe(label);
    },
  );

  it('dismisses with a cross icon and restores with a plus icon', () => {
    expect(actionButtonOf(step({ Mandatory__c: false }))).toEqual({
      eventType: 'dismiss',
      label: 'Dismiss step',
      icon: 'cross',
    });
    expect(actionButtonOf(step({ Mandatory__c: false, Dismissed__c: true }))).toEqual({
      eventType: 'restore',
      label: 'Un-dismiss step',
      icon: 'plus',
    });
  });
});

describe('grouping by action type', () => {
  it('files each step as todo, completed or dismissed', () => {
    expect(actionTypeOf(step())).toBe('todo');
    expect(actionTypeOf(step({ Complete__c: true }))).toBe('completed');
    expect(actionTypeOf(step({ Mandatory__c: false, Dismissed__c: true }))).toBe('dismissed');
    expect(actionTypeOf(step({ Complete__c: true, Dismissed__c: true }))).toBe('completed');
  });

  it('keeps the order of the list inside each group', () => {
    const records = [
      step({ Id: 'a', Complete__c: true }),
      step({ Id: 'b' }),
      step({ Id: 'c', Mandatory__c: false, Dismissed__c: true }),
      step({ Id: 'd', Mandatory__c: false }),
      step({ Id: 'e', Complete__c: true }),
    ].map((record) => toSuggestedStep(record, NOW, 'help.example'));
    const groups = groupByActionType(records);
    expect(groups.todo.map((item) => item.id)).toEqual(['b', 'd']);
    expect(groups.completed.map((item) => item.id)).toEqual(['a', 'e']);
    expect(groups.dismissed.map((item) => item.id)).toEqual(['c']);
  });

  it('gives empty groups for an empty list', () => {
    expect(groupByActionType([])).toEqual({ todo: [], completed: [], dismissed: [] });
  });
});

describe('a suggested step as shown', () => {
  it('maps the record to the fields the checklist shows', () => {
    const record = step({ Mandatory__c: false, Points__c: 25 });
    expect(toSuggestedStep(record, NOW, 'help.example')).toEqual({
      id: record.Id,
      title: 'Add your first client',
      linkText: 'Add a client',
      completed: false,
      due: 'Optional',
      url: '/0/partners/account',
      points: 25,
      dismissed: false,
      highlighted: false,
      payload: record,
      actionType: 'todo',
      actionButtonEventType: 'dismiss',
      actionButtonLabel: 'Dismiss step',
      actionButtonIcon: 'cross',
      showActionButton: true,
      preventDefault: true,
      openInNewWindow: false,
    });
  });

  it('has no action button for a mandatory step', () => {
    const shown = toSuggestedStep(step(), NOW, 'help.example');
    expect(shown.showActionButton).toBe(false);
    expect(shown.actionButtonLabel).toBeNull();
    expect(shown.actionButtonIcon).toBeNull();
    expect(shown.actionButtonEventType).toBeNull();
  });

  it('opens a link to another host in a new window, and same-host or relative links in-app', () => {
    const at = (url: string | null) =>
      toSuggestedStep(step({ Redirect_URL__c: url }), NOW, 'help.example').openInNewWindow;
    expect(at('https://apps.example/clients/new')).toBe(true);
    expect(at('//apps.example/clients')).toBe(true);
    expect(at('https://help.example/0/partners')).toBe(false);
    expect(at('/0/partners/resources')).toBe(false);
    expect(at(null)).toBe(false);
  });

  it('uses empty link text when the record has no description', () => {
    expect(toSuggestedStep(step({ Description: null }), NOW, 'help.example').linkText).toBe('');
  });
});

describe('following a step', () => {
  it('goes through the portal’s follow address for the step', () => {
    expect(partnerStepFollowPath('a0S000000000000001')).toBe(
      '/0/partners/suggestions/a0S000000000000001/follow',
    );
    expect(partnerStepFollowPath('a/b')).toBe('/0/partners/suggestions/a%2Fb/follow');
  });
});
