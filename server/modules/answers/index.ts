export { createAnswersService } from './answers.service.ts';
export { registerAnswerRoutes } from './answers.routes.ts';
export type { AnswerEventKind, AnswerTables } from './answers.tables.ts';
export { forgetAnswerEventsOfUser } from './answers.repository.ts';
export { findGivenAnswer, type GivenAnswer } from './given-answers.ts';
export {
  countAnswerEventsBetween,
  deleteAnswerEventsBefore,
  findAnswerRecords,
  listDislikeDetails,
  type AnswerRecord,
  type DailyAnswerCount,
} from './answer-counts.repository.ts';
