/** Limits on what one report keeps: enough to debug, never a large copy of a page. */
export const ERROR_REPORT_LIMITS = {
  message: 1000,
  errorName: 200,
  stack: 8000,
  source: 200,
  pagePath: 2000,
  contextValue: 500,
  contextKeys: 20,
} as const;

/**
 * Spec 8: a browser error reading property 'lc' of undefined is not reported. Browsers word it
 * differently: Chromium "Cannot read properties of undefined (reading 'lc')", older Chromium
 * "Cannot read property 'lc' of undefined", Safari "undefined is not an object (evaluating
 * 'x.lc')", Firefox "x is undefined" (which names no property, so it cannot be told apart).
 */
export function isSuppressedError(message: string): boolean {
  return (
    /of undefined \(reading ['"]lc['"]\)/.test(message) ||
    /property ['"]lc['"] of undefined/.test(message) ||
    /undefined is not an object \(evaluating ['"][^'"]*\.lc['"]\)/.test(message)
  );
}
