/** Where a signed-in user downloads everything the portal holds about them (JSON; docs/privacy.md). */
export const MY_DATA_PATH = '/settings/my-data';
