/** Where a signed-in user downloads everything the portal holds about them (JSON; docs/privacy.md). */
export const MY_DATA_PATH = '/settings/my-data';

/** Where a signed-in user asks to delete their account and confirms it (docs/privacy.md). */
export const DELETE_ACCOUNT_PATH = '/settings/delete-account';
