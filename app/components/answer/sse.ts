/** One Server-Sent Event: its type ('message' when the server named none) and its data. */
export interface ServerSentEvent {
  event: string;
  data: string;
}

/**
 * Reads the text/event-stream format (HTML standard, 'Server-sent events') from text that
 * arrives in arbitrary pieces: an event is complete at a blank line, lines may end in CR, LF or
 * CRLF, several 'data' lines join with a newline, and comment lines (':') keep a connection
 * alive without meaning anything.
 */
export class ServerSentEventParser {
  private buffer = '';
  private event = '';
  private data: string[] = [];
  /** A CR ended the last piece: an LF that opens the next one belongs to it. */
  private pendingCarriageReturn = false;

  push(text: string): ServerSentEvent[] {
    let input = text;
    if (this.pendingCarriageReturn && input.startsWith('\n')) input = input.slice(1);
    this.pendingCarriageReturn = input.endsWith('\r');
    this.buffer += input;
    const events: ServerSentEvent[] = [];
    const lines = this.buffer.split(/\r\n|\r|\n/);
    this.buffer = lines.pop() ?? '';
    for (const line of lines) {
      const event = this.line(line);
      if (event) events.push(event);
    }
    return events;
  }

  private line(line: string): ServerSentEvent | undefined {
    if (line === '') {
      if (this.data.length === 0) {
        this.event = '';
        return undefined;
      }
      const event = { event: this.event || 'message', data: this.data.join('\n') };
      this.event = '';
      this.data = [];
      return event;
    }
    if (line.startsWith(':')) return undefined;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.event = value;
    else if (field === 'data') this.data.push(value);
    return undefined;
  }
}
