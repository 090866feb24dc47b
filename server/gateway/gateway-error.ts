/** A gateway call that fails in a way the caller can act on; answered as {message, errorCode}. */
export class GatewayError extends Error {
  readonly statusCode: number;
  readonly errorCode: string;

  constructor(statusCode: number, errorCode: string, message: string) {
    super(message);
    this.name = 'GatewayError';
    this.statusCode = statusCode;
    this.errorCode = errorCode;
  }
}

/** The params of a call are wrong: the message names the field and the reason. */
export function invalidParams(method: string, reason: string): GatewayError {
  return new GatewayError(400, 'INVALID_PARAMS', `Invalid methodParams for ${method}: ${reason}`);
}
