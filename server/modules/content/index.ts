/*
 * The content module's public face: the only file other modules, the app's server files and
 * tests import from it.
 */
export { listProducts, listTopics } from './content.service.ts';
export type { Label, TopicOutline } from './content.types.ts';
export { markdownToPlainText } from './markdown-text.ts';
export { importContent } from './import/content-import.ts';
