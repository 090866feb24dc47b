/*
 * The mail module's public face: the only file other modules, the app's server files and tests
 * import from it.
 */
export { queueMail, type OutgoingMail } from './mail.service.ts';
export { listOutbox } from './mail.repository.ts';
