import type { RaiseStep } from '~core/cases';

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
};

/** An article, discussion or other help that matched the question. */
export interface DeflectionResult {
  id: string;
  title: string;
  excerpt: string;
  url: string;
  type: string;
}

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
  deflection?: DeflectionResult[];
  proposal?: FlowProposal;
}

/** What the raise flow's action answers: the step to show, or that help solved the problem. */
export type RaiseFlowData = { flow: FlowState } | { deflected: true };
