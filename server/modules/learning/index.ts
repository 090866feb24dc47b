export { importLearningOnFirstStart } from './learning-first-start.ts';
export {
  certificationsOf,
  certificationsOfPeople,
  learningHome,
  webinarsEvents,
} from './learning-pages.service.ts';
export { LEARNING_WEBHOOK_PATH, registerLearningRoutes } from './learning.routes.ts';
export type { LearningTables } from './learning.tables.ts';
export { syncCatalogueFrom } from './sync/scheduled-sync.ts';
export { forgetLearnerCertifications } from './learning.repository.ts';
export {
  DELIVERY_HEADER,
  SIGNATURE_HEADER,
  signDelivery,
  TIMESTAMP_HEADER,
} from './learning-webhook.ts';
