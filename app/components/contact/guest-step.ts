import type { FormRejection } from '../community/CommunityForm.tsx';

/*
 * Which step of a guest help flow the page shows: the step the action answered, or after a
 * refusal the step of the form refused, with what was carried in it.
 */

/** `seen` is the visit's deflection record, carried by the forms from the first page on. */
export type GuestStepView = { seen?: string } & (
  | { step: 'email' }
  | { step: 'code'; email: string }
  | { step: 'problem'; email: string; proof: string }
  | { step: 'raised'; email: string; caseNumber: string }
);

type Answer = GuestStepView | { rejected: FormRejection } | undefined;

export function guestStepOf(answer: Answer): GuestStepView {
  if (!answer) return { step: 'email' };
  if (!('rejected' in answer)) return answer;
  const { formId, values } = answer.rejected;
  const value = (name: string) => {
    const kept = values[name];
    return typeof kept === 'string' ? kept : '';
  };
  const seen = value('seen');
  if (formId === 'code') return { seen, step: 'code', email: value('email') };
  if (formId === 'problem' && value('proof') !== '')
    return { seen, step: 'problem', email: value('email'), proof: value('proof') };
  return { seen, step: 'email' };
}
