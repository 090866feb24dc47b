import { CSRF_FIELD, useCsrfToken } from '~app/csrf.ts';

/**
 * The hidden fields every page form posts beside what the person typed: the CSRF token, the
 * intent (which of the page's actions the form asks for) and any fixed values it carries.
 */
export function FormIntentFields({
  intent,
  fields = {},
}: {
  intent: string;
  fields?: Readonly<Record<string, string>>;
}) {
  const csrf = useCsrfToken();
  return (
    <>
      <input type="hidden" name={CSRF_FIELD} value={csrf} />
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}
