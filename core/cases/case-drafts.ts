/*
 * Files chosen in the raise flow before the case exists (docs/cases.md, "Files on cases"): the
 * details step keeps them in a draft on the server, bound to the person and to the flow (the
 * customers' or the partners'), until the case is submitted or the draft lapses.
 */

import { ATTACHMENT_MAX_FILES } from './case-attachments.ts';
import type { CaseQueue, RaisableQueue } from './partner-categories.ts';

/**
 * How long a draft keeps its files after it last changed: a day covers a flow left open over
 * lunch or until the next morning's log export, and no one's files wait on disk for longer.
 */
export const DRAFT_FILE_HOURS = 24;

/** The time before which a draft last changed has lapsed. */
export function draftCutoff(now: Date): Date {
  return new Date(now.getTime() - DRAFT_FILE_HOURS * 60 * 60 * 1000);
}

/** A draft as it is stored: whose it is, which flow it belongs to, when it last changed. */
export interface DraftOwnership {
  userId: string;
  queue: RaisableQueue;
  touchedAt: string;
}

/**
 * What a draft named by a form is to the person sending it: theirs (`own`), nothing of theirs
 * (`not-found`: another person's, or another flow's, answered as a missing page), or their own
 * past its time or already gone (`lapsed`: its files are no longer there to take).
 */
export function draftStanding(
  draft: DraftOwnership | undefined,
  asker: { userId: string; queue: CaseQueue },
  now: Date,
): 'own' | 'not-found' | 'lapsed' {
  if (!draft) return 'lapsed';
  if (draft.userId !== asker.userId || draft.queue !== asker.queue) return 'not-found';
  return draft.touchedAt < draftCutoff(now).toISOString() ? 'lapsed' : 'own';
}

/** Why `adding` more files do not fit beside the `kept` ones, or undefined when they do. */
export function draftRoomProblem(kept: number, adding: number): string | undefined {
  if (kept + adding <= ATTACHMENT_MAX_FILES) return undefined;
  const room = Math.max(0, ATTACHMENT_MAX_FILES - kept);
  return kept === 0
    ? `Attach at most ${ATTACHMENT_MAX_FILES} files to one case.`
    : `Attach at most ${ATTACHMENT_MAX_FILES} files to one case: ${kept} ${kept === 1 ? 'is' : 'are'} attached already, so ${room === 0 ? 'remove one first' : `add at most ${room} more`}.`;
}

/** Said at the file field when the files a flow had chosen lapsed before the case was sent. */
export const DRAFT_LAPSED_MESSAGE = `The files you chose were kept for ${DRAFT_FILE_HOURS} hours and have been removed: choose them again.`;
