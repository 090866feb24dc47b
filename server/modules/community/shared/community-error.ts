export type CommunityErrorCode =
  | 'INVALID_INPUT'
  | 'BANNED_WORDS'
  | 'SIGN_IN_REQUIRED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'LOCKED'
  | 'RATE_LIMITED';

const STATUS: Readonly<Record<CommunityErrorCode, number>> = {
  INVALID_INPUT: 400,
  BANNED_WORDS: 400,
  SIGN_IN_REQUIRED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  LOCKED: 409,
  RATE_LIMITED: 429,
};

/**
 * A refusal the visitor can act on: its message is shown as is, next to `field` when set.
 * Pages turn it into a form error (keeping what was typed); JSON routes into
 * `{message, errorCode}` with `status`.
 */
export class CommunityError extends Error {
  readonly status: number;
  readonly errorCode: CommunityErrorCode;
  readonly field: string | undefined;

  constructor(errorCode: CommunityErrorCode, message: string, field?: string) {
    super(message);
    this.name = 'CommunityError';
    this.errorCode = errorCode;
    this.status = STATUS[errorCode];
    this.field = field;
  }
}

export function isCommunityError(error: unknown): error is CommunityError {
  return error instanceof CommunityError;
}
