/**
 * What the search library reads from a refused request: the Search API's error body. Its
 * `message` names the field or the feature at fault, so a front end built for the hosted
 * service learns what the portal does not do instead of getting a silent wrong answer.
 */
export interface ProtocolErrorBody {
  statusCode: number;
  message: string;
  type: string;
}

export const UNSUPPORTED_FEATURE = 'UnsupportedFeature';
export const INVALID_REQUEST = 'InvalidRequest';

export class ProtocolError extends Error {
  constructor(
    readonly statusCode: number,
    readonly type: string,
    message: string,
  ) {
    super(message);
  }

  get body(): ProtocolErrorBody {
    return { statusCode: this.statusCode, message: this.message, type: this.type };
  }
}

export const invalidRequest = (message: string) => new ProtocolError(400, INVALID_REQUEST, message);

/** A feature of the hosted service the portal does not offer: 422, named. */
export const unsupportedFeature = (feature: string) =>
  new ProtocolError(
    422,
    UNSUPPORTED_FEATURE,
    `${feature} is not supported by this portal (docs/headless-compatibility.md).`,
  );
