/*
 * The search module's public face: the only file other modules, the app's server files and
 * tests import from it.
 */
export {
  removeSearchDocument,
  saveSearchDocument,
  type SearchDocumentInput,
} from './search-documents.service.ts';
export { findSearchDocument } from './search-documents.repository.ts';
export { rawFieldsOf } from './search-results.ts';
export { recommend } from './recommendations.ts';
export { searchEngineFor } from './search-engine.ts';
