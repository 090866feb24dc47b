/** The small, complete content folder that tests of other modules import too. */
export { BASIC_FIXTURE, copyOfBasicFixture, FIXTURE_SETTINGS } from './fixtures/fixture-folder.ts';
