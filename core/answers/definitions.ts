/*
 * A passage defines what its document is about when it opens by naming the document's subject
 * and saying what it is: "A Trial Balance is an accounting report…", "Payroll means…". Help
 * pages about a thing usually open so, and a question asking what that thing is wants this
 * opening rather than a later section about the thing's settings.
 */

const ARTICLE = /^(a|an|the)\s+/;
const DEFINING_VERB = /^(is|are|means|refers to)\s/;

function plain(text: string): string {
  return text.toLowerCase().replace(/’/g, "'").replace(/[`*_]/g, '').replace(/\s+/g, ' ').trim();
}

/** Whether `text` opens by saying what `subject` (a title, a term) is. */
export function opensWithDefinitionOf(text: string, subject: string): boolean {
  const name = plain(subject).replace(ARTICLE, '');
  if (name.length === 0) return false;
  const opening = plain(text).replace(ARTICLE, '');
  if (!opening.startsWith(name)) return false;
  return DEFINING_VERB.test(opening.slice(name.length).replace(/^\s*(\([^)]*\)\s*)?/, ''));
}
