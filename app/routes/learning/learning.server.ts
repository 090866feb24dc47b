/**
 * The learning service as the pages use it. A '.server' module: React Router keeps it out of
 * the browser bundle.
 */
export { certificationsOf, learningHome, webinarsEvents } from '~server/modules/learning';
