import { expect, it } from 'vitest';
import { newRecordId } from '~server/db/ids.ts';
import { NO_USER_DATA, saveUser } from '~server/modules/identity';
import { describeEachDialect } from '~tests/support/dialects.ts';
import {
  savePersonaliseStep,
  saveUpdateAccountAnswers,
  updateAccountFlow,
} from './flows.service.ts';
import * as ledger from './ledger.repository.ts';

const NOW = new Date('2026-03-10T12:00:00.000Z');

const SCREENS: Record<number, Record<string, string[]>> = {
  1: { practiceName: ['Raman & Co'], website: ['https://raman.example'] },
  2: { businessEmail: ['office@raman.example'], businessPhone: ['+61 2 5550 1234'] },
  3: { city: ['Sydney'], postcode: ['2000'] },
  4: { practiceSize: ['2-5'], clientCount: ['51-200'] },
};

describeEachDialect('partner flows', (database) => {
  const saveScreen = (userId: string, screen: number, answers = SCREENS[screen] ?? {}) =>
    saveUpdateAccountAnswers(database().db, { userId, screen, answers, at: NOW });

  const finishedEntries = async (userId: string, sourceEvent: string) =>
    (await ledger.listEntries(database().db, userId)).filter(
      (entry) => entry.source_event === sourceEvent,
    );

  it('saves the update-account screens one at a time and resumes with their answers', async () => {
    const owner = newRecordId('user');
    expect(await saveScreen(owner, 1)).toEqual({ ok: true, finished: false });
    expect(await saveScreen(owner, 2)).toEqual({ ok: true, finished: false });
    const flow = await updateAccountFlow(database().db, owner);
    expect(flow.flowScreen).toBe('Screen 2');
    expect(flow.answers[1]).toEqual({
      practiceName: 'Raman & Co',
      website: 'https://raman.example',
    });
    expect(flow.answers[2]?.businessPhone).toBe('+61 2 5550 1234');
  });

  it('refuses a skipped screen and bad answers, keeping what was saved', async () => {
    const owner = newRecordId('user');
    expect(await saveScreen(owner, 4)).toEqual({ ok: false, reason: 'out-of-order' });
    const refused = await saveScreen(owner, 1, { practiceName: [''], website: ['not a site'] });
    expect(refused).toEqual({
      ok: false,
      reason: 'invalid',
      errors: {
        practiceName: 'Enter practice name.',
        website: 'Enter a web address like https://example.com.',
      },
    });
    expect((await updateAccountFlow(database().db, owner)).flowScreen).toBeNull();
  });

  it('earns the flow’s points once when Screen 4 is saved, even twice at once', async () => {
    const owner = newRecordId('user');
    for (const screen of [1, 2, 3]) await saveScreen(owner, screen);
    const [first, second] = await Promise.all([saveScreen(owner, 4), saveScreen(owner, 4)]);
    expect([first, second]).toEqual([
      { ok: true, finished: true },
      { ok: true, finished: true },
    ]);
    expect(await finishedEntries(owner, `update-account:${owner}`)).toHaveLength(1);
    // Changing an earlier screen afterwards keeps the flow finished.
    await saveScreen(owner, 2);
    expect((await updateAccountFlow(database().db, owner)).flowScreen).toBe('Screen 4');
    expect(await finishedEntries(owner, `update-account:${owner}`)).toHaveLength(1);
  });

  it('saves the personalise steps to the product interests and earns its points once', async () => {
    const { db } = database();
    const subject = newRecordId('user');
    const user = await saveUser(
      db,
      { issuer: 'test', subject, email: null, firstName: 'Pat', lastName: 'Lee' },
      { ...NO_USER_DATA, isPartner: true },
    );
    const step = (number: number, answers: Record<string, string[]>, client: string | null) =>
      savePersonaliseStep(db, {
        userId: user.id,
        step: number,
        answers,
        currentClientInterest: client,
        at: NOW,
      });
    expect(await step(2, { PartnerProductInterestPractice: ['Tax'] }, null)).toEqual({
      ok: false,
      reason: 'out-of-order',
    });
    expect(await step(1, { PartnerProductInterestClient: ['Payroll', 'Nonsense'] }, null)).toEqual({
      ok: false,
      reason: 'invalid',
      errors: { PartnerProductInterestClient: 'Choose from the options shown.' },
    });
    expect(await step(1, { PartnerProductInterestClient: ['Inventory', 'Payroll'] }, null)).toEqual(
      { ok: true, finished: false },
    );
    expect(await finishedEntries(user.id, `personalise:${user.id}`)).toHaveLength(0);
    const practice = { PartnerProductInterestPractice: ['Advisory'] };
    expect(await step(2, practice, 'Payroll;Inventory')).toEqual({ ok: true, finished: true });
    expect(await step(2, practice, 'Payroll;Inventory')).toEqual({ ok: true, finished: true });
    expect(await finishedEntries(user.id, `personalise:${user.id}`)).toHaveLength(1);
  });
});
