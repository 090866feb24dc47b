export type CaseErrorCode = 'INVALID_INPUT' | 'SIGN_IN_REQUIRED' | 'NOT_FOUND' | 'CONFLICT';

const STATUS: Readonly<Record<CaseErrorCode, number>> = {
  INVALID_INPUT: 400,
  SIGN_IN_REQUIRED: 401,
  NOT_FOUND: 404,
  CONFLICT: 409,
};

/**
 * A refusal the visitor can act on: its message is shown as is, next to `field` when set.
 * A case the visitor may not see is NOT_FOUND, the same as one that does not exist.
 */
export class CaseError extends Error {
  readonly status: number;
  readonly errorCode: CaseErrorCode;
  readonly field: string | undefined;

  constructor(errorCode: CaseErrorCode, message: string, field?: string) {
    super(message);
    this.name = 'CaseError';
    this.errorCode = errorCode;
    this.status = STATUS[errorCode];
    this.field = field;
  }
}

export function caseNotFound(): CaseError {
  return new CaseError('NOT_FOUND', 'This case does not exist, or you cannot see it.');
}
