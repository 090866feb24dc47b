/**
 * The block gallery is a development and test page: a production server answers 404. Read at
 * request time (bracket access keeps the bundler from baking in the build's NODE_ENV).
 */
export function blockGalleryAvailable(environment: NodeJS.ProcessEnv = process.env): boolean {
  return environment['NODE_ENV'] !== 'production';
}
