// Server-sent events read from a fetch answer's body. The browser's EventSource cannot send the
// service token (an Authorization header), so the stream is read with fetch and parsed here, by
// the rules of the HTML standard's event stream format.

/** One event of the stream, dispatched at the blank line that ends it. */
export interface StreamEvent {
  /** `event:`; "message" when the event names none. */
  type: string;
  /** The `data:` lines, joined with line breaks. */
  data: string;
  /** The last `id:` the stream has given so far (it carries over to later events). */
  lastEventId: string;
}

/** Reads the stream's text as it comes, and keeps what outlives one event. */
export interface StreamParser {
  /** Feeds decoded text; calls `onEvent` for each complete event. */
  push(text: string): void;
  /** The last `id:` seen, to resume with `Last-Event-ID`. */
  readonly lastEventId: string;
  /** The last `retry:` in milliseconds, if any. */
  readonly retry: number | undefined;
}

export function eventStreamParser(
  onEvent: (event: StreamEvent) => void,
  lastEventId = '',
): StreamParser {
  let pending = '';
  let data: string[] = [];
  let type = '';
  let id = lastEventId;
  let retry: number | undefined;

  const line = (text: string) => {
    if (text === '') {
      if (data.length > 0)
        onEvent({ type: type || 'message', data: data.join('\n'), lastEventId: id });
      data = [];
      type = '';
      return;
    }
    if (text.startsWith(':')) return; // a comment: the keep-alive
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'event') type = value;
    else if (field === 'id' && !value.includes('\0')) id = value;
    else if (field === 'retry' && /^\d+$/.test(value)) retry = Number(value);
  };

  return {
    push(text) {
      pending += text;
      // Lines end with CRLF, LF or CR; a CR at the very end may be the first half of a CRLF.
      const lines = pending.split(/\r\n|\n|\r(?!$)/);
      pending = lines.pop() ?? '';
      for (const each of lines) line(each);
    },
    get lastEventId() {
      return id;
    },
    get retry() {
      return retry;
    },
  };
}
