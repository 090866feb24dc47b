import type { Kysely } from 'kysely';
import {
  checkFlowScreen,
  mayOpenPersonaliseStep,
  mayOpenUpdateAccountScreen,
  PERSONALISE_CLIENT_FIELD,
  PERSONALISE_PRACTICE_FIELD,
  PERSONALISE_STEPS,
  UPDATE_ACCOUNT_FINISHED_SCREEN,
  UPDATE_ACCOUNT_SCREENS,
  updateAccountScreenAfterSaving,
  type FlowAnswers,
} from '~core/partner';
import type { Database } from '~server/db/schema.ts';
import { savePartnerProductInterests } from '~server/modules/identity';
import { applyEvent, ensureMember } from './engine.service.ts';
import * as flows from './flows.repository.ts';
import * as repository from './partners.repository.ts';

/*
 * The personalise and update-account flows: each step is saved as it is sent, so a partner
 * resumes where they left; finishing a flow is a programme event, counted once per partner.
 */

export type FlowSaveResult =
  | { ok: true; finished: boolean }
  | { ok: false; reason: 'out-of-order' }
  | { ok: false; reason: 'invalid'; errors: Record<string, string> };

/**
 * Saves the screen the partner reached in the update-account flow; reaching the last screen
 * finishes the flow once, which is a programme event.
 */
async function recordScreen(db: Kysely<Database>, userId: string, screen: string, at: Date) {
  await ensureMember(db, userId, at);
  await repository.saveFlowScreen(db, userId, screen, at.toISOString());
  if (screen === UPDATE_ACCOUNT_FINISHED_SCREEN) {
    await applyEvent(db, {
      userId,
      kind: 'update-account-finished',
      sourceEvent: `update-account:${userId}`,
      occurredAt: at,
    });
  }
}

/** Records a reached screen without answers (the demo's partners part-way through). */
export async function saveUpdateAccountScreen(
  db: Kysely<Database>,
  userId: string,
  screen: string,
  at: Date,
): Promise<void> {
  await db.transaction().execute((trx) => recordScreen(trx, userId, screen, at));
}

export interface UpdateAccountFlow {
  /** The last screen recorded ('Screen 2'), null before the flow is started. */
  flowScreen: string | null;
  /** Each saved screen's answers by screen number. */
  answers: Record<number, Record<string, string>>;
}

function parseAnswers(json: string): Record<string, string> {
  const parsed: unknown = JSON.parse(json);
  if (typeof parsed !== 'object' || parsed === null) return {};
  return Object.fromEntries(
    Object.entries(parsed).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

export async function updateAccountFlow(
  db: Kysely<Database>,
  userId: string,
): Promise<UpdateAccountFlow> {
  const member = await repository.findMember(db, userId);
  const rows = await flows.listScreenAnswers(db, userId);
  return {
    flowScreen: member?.update_account_flow_screen ?? null,
    answers: Object.fromEntries(rows.map((row) => [row.screen, parseAnswers(row.answers)])),
  };
}

/**
 * Saves one screen of the update-account flow: checked, kept, and the furthest screen reached
 * recorded. A screen after one not yet saved is refused, so the flow cannot be finished by
 * skipping to its end.
 */
export async function saveUpdateAccountAnswers(
  db: Kysely<Database>,
  request: { userId: string; screen: number; answers: FlowAnswers; at: Date },
): Promise<FlowSaveResult> {
  const definition = UPDATE_ACCOUNT_SCREENS.find((screen) => screen.number === request.screen);
  if (definition === undefined) return { ok: false, reason: 'out-of-order' };
  const checked = checkFlowScreen(definition.fields, request.answers);
  if (!checked.ok) return { ok: false, reason: 'invalid', errors: checked.errors };
  return db.transaction().execute(async (trx) => {
    const member = await repository.findMember(trx, request.userId);
    const recorded = member?.update_account_flow_screen ?? null;
    if (!mayOpenUpdateAccountScreen(recorded, request.screen)) {
      return { ok: false, reason: 'out-of-order' } as const;
    }
    await flows.upsertScreenAnswers(
      trx,
      request.userId,
      request.screen,
      JSON.stringify(checked.values),
      request.at.toISOString(),
    );
    const reached = updateAccountScreenAfterSaving(recorded, request.screen);
    await recordScreen(trx, request.userId, reached, request.at);
    return { ok: true, finished: reached === UPDATE_ACCOUNT_FINISHED_SCREEN } as const;
  });
}

/**
 * Saves one step of the personalise flow to the partner's product interests. Once both are
 * answered the flow is finished: a programme event, counted once however often it is saved.
 */
export async function savePersonaliseStep(
  db: Kysely<Database>,
  request: {
    userId: string;
    step: number;
    answers: FlowAnswers;
    /** The client interest as it stands, which step 2 needs first. */
    currentClientInterest: string | null;
    at: Date;
  },
): Promise<FlowSaveResult> {
  const definition = PERSONALISE_STEPS.find((step) => step.number === request.step);
  if (
    definition === undefined ||
    !mayOpenPersonaliseStep(request.currentClientInterest, request.step)
  ) {
    return { ok: false, reason: 'out-of-order' };
  }
  const checked = checkFlowScreen(definition.fields, request.answers);
  if (!checked.ok) return { ok: false, reason: 'invalid', errors: checked.errors };
  return db.transaction().execute(async (trx) => {
    const saved = await savePartnerProductInterests(
      trx,
      request.userId,
      {
        client: checked.values[PERSONALISE_CLIENT_FIELD],
        practice: checked.values[PERSONALISE_PRACTICE_FIELD],
      },
      request.at,
    );
    const finished =
      saved.client !== null &&
      saved.client !== '' &&
      saved.practice !== null &&
      saved.practice !== '';
    if (finished) {
      await applyEvent(trx, {
        userId: request.userId,
        kind: 'personalise-finished',
        sourceEvent: `personalise:${request.userId}`,
        occurredAt: request.at,
      });
    }
    return { ok: true, finished } as const;
  });
}
