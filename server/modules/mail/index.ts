/*
 * The mail module's public face: the only file other modules, the app's server files and
 * tests import from it.
 */
export { countOutbox, listOutbox } from './mail.repository.ts';
export {
  queueMail,
  mailDelivery,
  type MailAttachment,
  type MailDelivery,
  type OutgoingMail,
} from './mail.service.ts';
export type { MailTables } from './mail.tables.ts';
export { forgetRecipient } from './mail.repository.ts';
