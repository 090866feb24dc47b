export { startMailSender, type MailSender } from './mail.service.ts';
export type { MailTables } from './mail.tables.ts';
