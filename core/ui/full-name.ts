/** Spec 5, "Full names": first and last name, each word capitalised. */
export function fullName(
  firstName: string | null | undefined,
  lastName: string | null | undefined,
): string {
  return [firstName, lastName]
    .map((part) => (part ?? '').trim())
    .filter((part) => part.length > 0)
    .join(' ')
    .split(/\s+/)
    .filter((word) => word.length > 0)
    .map(capitalise)
    .join(' ');
}

/** Capitalises a word's first letter and leaves the rest as written ('McDonald' stays). */
function capitalise(word: string): string {
  const [first = '', ...rest] = [...word];
  return `${first.toLocaleUpperCase('en-US')}${rest.join('')}`;
}
