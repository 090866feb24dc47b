/** Spec 9, "Timings": the warning shows this long before an idle session is logged out. */
export const SESSION_WARNING_MS = 30_000;

/** What the browser learns about its session (GET /services/auth/session). */
export type SessionStatus =
  | { isGuest: true }
  | {
      isGuest: false;
      /** Milliseconds until the session ends unless there is activity: relative, so clocks may differ. */
      expiresInMs: number;
      idleExpiresAt: string;
      absoluteExpiresAt: string;
      warnBeforeMs: number;
    };

/**
 * When to show the warning, in milliseconds from now: never before now, and at once when less
 * than the warning time is left.
 */
export function warningDelayMs(
  expiresInMs: number,
  warnBeforeMs: number = SESSION_WARNING_MS,
): number {
  return Math.max(0, expiresInMs - warnBeforeMs);
}
