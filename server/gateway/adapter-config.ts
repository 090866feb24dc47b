import { GATEWAY_BASE_PATH } from '~core/gateway';
import { GatewayError } from './gateway-error.ts';

/** The gateway's root, whatever version a caller asks for. */
export const GATEWAY_ROOT = GATEWAY_BASE_PATH.slice(0, GATEWAY_BASE_PATH.lastIndexOf('/'));

/** Server class and method names as the platform spells them: a letter, then letters, digits, _. */
const NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

/**
 * A call under the gateway's root that the dispatch route did not take: a wrong API version,
 * a missing or extra segment, a name that cannot be a class or method (spec 8, "Bad platform
 * adapter configuration": 400 INVALID_CONFIG), or well-formed names longer than the router
 * matches, which are simply unknown (404, like any unknown class).
 */
export function unroutedGatewayCall(pathname: string): GatewayError {
  const below = pathname.slice(GATEWAY_ROOT.length + 1).split('/');
  const [version, className = '', methodName = '', ...extra] = below.map(safeDecode);
  const expectedVersion = GATEWAY_BASE_PATH.slice(GATEWAY_ROOT.length + 1);
  if (version !== expectedVersion) {
    return invalidConfig(`the gateway answers API version ${expectedVersion} only.`);
  }
  if (extra.length > 0 || className === '' || methodName === '') {
    return invalidConfig(`call ${GATEWAY_BASE_PATH}/{class}/{method}.`);
  }
  return (
    misnamed(className, methodName) ??
    new GatewayError(404, 'NOT_FOUND', `There is no server class named '${className}'.`)
  );
}

/** INVALID_CONFIG when a class or method name cannot be one; undefined when both can. */
export function misnamed(className: string, methodName: string): GatewayError | undefined {
  if (!NAME.test(className)) return invalidConfig('the class name is not a valid name.');
  if (!NAME.test(methodName)) return invalidConfig('the method name is not a valid name.');
  return undefined;
}

function invalidConfig(reason: string): GatewayError {
  return new GatewayError(
    400,
    'INVALID_CONFIG',
    `The adapter configuration is not valid: ${reason}`,
  );
}

function safeDecode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
