/** What this rule reads and changes of a markdown-it token. */
interface Token {
  type: string;
  tag: string;
  content: string;
  attrSet(name: string, value: string): void;
}

/**
 * A table whose header row starts with an empty cell is a comparison: the empty corner sits
 * above a column of row names ("| | Excel | PDF |"). Markdown writes the corner as an empty
 * header and the row names as data, so a screen reader announces a column without a name and
 * no row's name with its values. Here the corner becomes a data cell and each body row's first
 * cell the header of its row, as the table means. A rule of markdown-it's core, over a
 * rendering's tokens.
 */
export function rowHeadersFromEmptyCorner(tokens: Token[]): void {
  for (let at = 0; at < tokens.length; at += 1) {
    if (tokens[at]?.type !== 'table_open') continue;
    const close = tokens.findIndex((token, index) => index > at && token.type === 'table_close');
    if (close === -1) break;
    const corner = emptyCornerOf(tokens, at, close);
    if (corner !== undefined) {
      retag(tokens[corner], tokens[corner + 2], 'td');
      markRowHeaders(tokens, corner, close);
    }
    at = close;
  }
}

/** Where the table's first header cell opens, when it is empty. */
function emptyCornerOf(tokens: readonly Token[], from: number, to: number): number | undefined {
  const corner = tokens.findIndex(
    (token, index) => index > from && index < to && token.type === 'th_open',
  );
  if (corner === -1) return undefined;
  const inline = tokens[corner + 1];
  const empty =
    inline?.type === 'inline' &&
    inline.content.trim() === '' &&
    tokens[corner + 2]?.type === 'th_close';
  return empty ? corner : undefined;
}

/** Each body row's first cell, after the corner, becomes the header of its row. */
function markRowHeaders(tokens: Token[], from: number, to: number): void {
  let inBody = false;
  let firstOfRow = false;
  for (let at = from; at < to; at += 1) {
    const token = tokens[at];
    if (token === undefined) continue;
    if (token.type === 'tbody_open') inBody = true;
    if (token.type === 'tr_open') firstOfRow = inBody;
    if (firstOfRow && token.type === 'td_open') {
      retag(token, tokens[at + 2], 'th');
      token.attrSet('scope', 'row');
      firstOfRow = false;
    }
  }
}

/** The cell's opening and closing tokens as the other kind of cell. */
function retag(open: Token | undefined, close: Token | undefined, tag: 'th' | 'td'): void {
  if (open === undefined) return;
  open.type = `${tag}_open`;
  open.tag = tag;
  if (close !== undefined && close.type.endsWith('_close')) {
    close.type = `${tag}_close`;
    close.tag = tag;
  }
}
