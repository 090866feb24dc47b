import type { SearchResult } from '~core/search';
import type { RaiseStep } from '~core/cases';
import type { AttachmentItem } from './CaseAttachments.tsx';

/** Everything typed in the raise flow so far, carried from step to step. */
export interface FlowValues {
  subject: string;
  description: string;
  product: string;
  categoryId: string;
  topicId: string;
  impact: string;
  contactMethod: string;
  contactEmail: string;
  contactPhone: string;
  callbackFrom: string;
  callbackTo: string;
  /** The deflection record of the suggested-answers step, carried to the case (never shown). */
  seen: string;
  /**
   * The category and topic last proposed (`proposedChoice`), never shown: while the choice is
   * still that, a changed description may bring a newer proposal (`takesNewProposal`).
   */
  proposed: string;
  /**
   * The server's draft holding the files chosen on the details step, never shown. Whose it is
   * the server knows: another person's id here is answered with the page's 404.
   */
  draft: string;
}

export const NO_VALUES: FlowValues = {
  subject: '',
  description: '',
  product: '',
  categoryId: '',
  topicId: '',
  impact: '',
  contactMethod: 'email',
  contactEmail: '',
  contactPhone: '',
  callbackFrom: '',
  callbackTo: '',
  seen: '',
  proposed: '',
  draft: '',
};

/** What the classifier proposed for the description, preselected on the category step. */
export interface FlowProposal {
  /** 0 to 100. */
  percent: number;
  /** The words of the description that counted most. */
  because: string[];
}

export interface FlowState {
  step: RaiseStep;
  values: FlowValues;
  error?: { field?: string; message: string };
  /** Articles, discussions or other help that matched the question. */
  deflection?: SearchResult[];
  proposal?: FlowProposal;
  /** The draft's files, on the details and review steps. */
  files?: AttachmentItem[];
  /** The files the flow had chosen lapsed before it went on (DRAFT_LAPSED_MESSAGE). */
  filesLapsed?: boolean;
  /** The name of the file just taken off the draft, said to the person. */
  removed?: string;
}

/** What the raise flow's action answers: the step to show, or that help solved the problem. */
export type RaiseFlowData = { flow: FlowState } | { deflected: true };
