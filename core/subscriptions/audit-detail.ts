/*
 * What an audit entry's detail says, for people: the plans it names by code (a subscription's
 * plan when it was created, the two plans of a change) are shown by the names the catalogue
 * gives them in the subscription's market. Other values are left as they were written.
 */

/** The detail's keys that hold a plan's code, by the action that wrote them. */
const PLAN_KEYS: Readonly<Record<string, readonly string[]>> = {
  created: ['plan'],
  'plan-changed': ['from', 'to'],
};

export function namePlansInDetail(
  action: string,
  detail: string,
  planName: (code: string) => string | undefined,
): string {
  const keys = PLAN_KEYS[action];
  if (!keys) return detail;
  let parsed: unknown;
  try {
    parsed = JSON.parse(detail);
  } catch {
    return detail;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return detail;
  const named: Record<string, unknown> = { ...parsed };
  for (const key of keys) {
    const code = named[key];
    if (typeof code !== 'string') continue;
    named[key] = planName(code) ?? code;
  }
  return JSON.stringify(named);
}
