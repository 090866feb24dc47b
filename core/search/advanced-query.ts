/**
 * The advanced query (aq) a search request may carry, in the two shapes the site sends:
 * 'field NOT value' (spec 7: an article page excludes itself with 'sfurlname NOT {urlName}')
 * and 'field==value'. Clauses join with ' AND '. A field may be written with the search
 * library's '@' in front. A value is a bare word, or double-quoted when it holds spaces
 * ('\"' and '\\' escape inside quotes). Anything else is refused with the reason, so a
 * mistyped query never silently matches everything.
 */

export interface AdvancedClause {
  field: string;
  operator: 'not' | 'equals';
  value: string;
}

export interface AdvancedQueryFields {
  /** Fields a 'field NOT value' clause may name. */
  not: readonly string[];
  /** Fields a 'field==value' clause may name. */
  equals: readonly string[];
}

export type AdvancedQueryParse =
  { ok: true; clauses: AdvancedClause[] } | { ok: false; message: string };

export const MAX_ADVANCED_CLAUSES = 20;

const FIELD = /^@?([A-Za-z_][A-Za-z0-9_]*)/;

interface Cursor {
  text: string;
  at: number;
}

function skipSpaces(cursor: Cursor): void {
  while (cursor.at < cursor.text.length && /\s/.test(cursor.text[cursor.at] ?? '')) cursor.at++;
}

function readValue(cursor: Cursor): string | { error: string } {
  const { text } = cursor;
  if (text[cursor.at] === '"') {
    let value = '';
    for (let at = cursor.at + 1; at < text.length; at++) {
      const char = text[at];
      if (char === '\\') {
        const next = text[at + 1];
        if (next !== '"' && next !== '\\') return { error: 'only \\" and \\\\ may be escaped' };
        value += next;
        at++;
        continue;
      }
      if (char === '"') {
        cursor.at = at + 1;
        return value;
      }
      value += char;
    }
    return { error: 'a quoted value is not closed' };
  }
  const start = cursor.at;
  while (cursor.at < text.length && !/[\s"]/.test(text[cursor.at] ?? '')) cursor.at++;
  return text.slice(start, cursor.at);
}

function readClause(
  cursor: Cursor,
  fields: AdvancedQueryFields,
): AdvancedClause | { error: string } {
  skipSpaces(cursor);
  const field = FIELD.exec(cursor.text.slice(cursor.at));
  if (!field?.[1]) return { error: `expected a field name at position ${cursor.at + 1}` };
  const name = field[1];
  cursor.at += field[0].length;
  skipSpaces(cursor);
  let operator: AdvancedClause['operator'];
  if (cursor.text.startsWith('==', cursor.at)) {
    operator = 'equals';
    cursor.at += 2;
  } else if (/^NOT(\s|$)/.test(cursor.text.slice(cursor.at))) {
    operator = 'not';
    cursor.at += 3;
  } else {
    return { error: `expected 'NOT' or '==' after '${name}'` };
  }
  const allowed = operator === 'not' ? fields.not : fields.equals;
  if (!allowed.includes(name)) {
    const shape = operator === 'not' ? `'${name} NOT value'` : `'${name}==value'`;
    return { error: `${shape} is not supported; fields allowed: ${allowed.join(', ')}` };
  }
  skipSpaces(cursor);
  const value = readValue(cursor);
  if (typeof value !== 'string') return value;
  if (value === '') return { error: `'${name}' needs a value` };
  return { field: name, operator, value };
}

export function parseAdvancedQuery(aq: string, fields: AdvancedQueryFields): AdvancedQueryParse {
  const cursor: Cursor = { text: aq, at: 0 };
  const clauses: AdvancedClause[] = [];
  skipSpaces(cursor);
  if (cursor.at === aq.length) return { ok: true, clauses };
  for (;;) {
    const clause = readClause(cursor, fields);
    if ('error' in clause) return { ok: false, message: clause.error };
    clauses.push(clause);
    if (clauses.length > MAX_ADVANCED_CLAUSES) {
      return { ok: false, message: `at most ${MAX_ADVANCED_CLAUSES} clauses are allowed` };
    }
    skipSpaces(cursor);
    if (cursor.at === aq.length) return { ok: true, clauses };
    if (!/^AND(\s|$)/.test(cursor.text.slice(cursor.at))) {
      return { ok: false, message: `expected 'AND' at position ${cursor.at + 1}` };
    }
    cursor.at += 3;
  }
}
