export { BASIC_FIXTURE, copyOfBasicFixture, FIXTURE_SETTINGS } from './fixtures/fixture-folder.ts';
