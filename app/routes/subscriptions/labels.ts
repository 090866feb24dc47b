/* The words the subscription pages show for the services' values. */

export const DIRECTION_LABELS: Readonly<Record<string, string>> = {
  'to-practice': 'Onto the practice’s billing',
  'to-client': 'Back to the client’s own billing',
};

export const TRANSFER_STATUS_LABELS: Readonly<Record<string, string>> = {
  'awaiting-client': 'Waiting for the client',
  approved: 'Approved',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
};

export const CHANGE_KIND_LABELS: Readonly<Record<string, string>> = {
  new: 'New',
  upgraded: 'Upgraded',
  downgraded: 'Downgraded',
  transferred: 'Transferred',
  cancelled: 'Cancelled',
};

export const BILLED_TO_LABELS: Readonly<Record<string, string>> = {
  practice: 'the practice',
  client: 'the client',
};

/** What the client's link says once the practice has taken its request back. */
export const TRANSFER_WITHDRAWN =
  'Your accountant’s practice withdrew this request, so there is nothing to answer and nothing changes.';
