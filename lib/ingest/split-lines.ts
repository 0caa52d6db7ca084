import { MAX_LINE_CHARS } from '@/lib/contract/row-limits';

/** A line too long to keep: only its length is remembered. */
export interface OverlongLine {
  overLength: number;
}
export type Line = string | OverlongLine;

// Splits decoded text into lines (LF or CRLF) across chunk boundaries. The unfinished line is capped
// at `maxChars`: past it the text is dropped and only counted, so one enormous line (a minified JSON
// dump, a binary blob) costs bounded memory and becomes one row error instead of a crash.
export class LineSplitter {
  private partial = '';
  private overLength = 0; // > 0 while the current line is already past the cap

  constructor(private readonly maxChars = MAX_LINE_CHARS) {}

  /** Complete lines in `text`, without their line endings. */
  push(text: string): Line[] {
    const lines: Line[] = [];
    let start = 0;
    let end = text.indexOf('\n');
    while (end !== -1) {
      lines.push(this.finish(text, start, end));
      start = end + 1;
      end = text.indexOf('\n', start);
    }
    this.keep(text, start);
    return lines;
  }

  /** The last line when the file does not end with a newline. */
  end(): Line | undefined {
    if (this.overLength === 0 && this.partial.length === 0) return undefined;
    return this.finish('', 0, 0);
  }

  private finish(text: string, start: number, end: number): Line {
    if (end > start && text.charCodeAt(end - 1) === 13) end--; // CRLF
    if (this.overLength > 0) {
      const overLength = this.overLength + (end - start);
      this.overLength = 0;
      return { overLength };
    }
    let line = text.slice(start, end);
    if (this.partial.length > 0) {
      line = this.partial + line;
      this.partial = '';
      // The CR of a CRLF pair may have been the last character of the previous chunk.
      if (start === end && line.charCodeAt(line.length - 1) === 13) line = line.slice(0, -1);
    }
    return line.length > this.maxChars ? { overLength: line.length } : line;
  }

  private keep(text: string, start: number): void {
    const rest = text.length - start;
    if (rest === 0) return;
    if (this.overLength > 0) {
      this.overLength += rest;
    } else if (this.partial.length + rest > this.maxChars + 1) {
      this.overLength = this.partial.length + rest;
      this.partial = '';
    } else {
      this.partial += text.slice(start);
    }
  }
}
