import { describe, expect, it } from 'vitest';
import type { DriverError } from '../../../drivers/driver-error.js';
import { type BufferedParser, ReaderLine } from '../../../drivers/rfid/reader-line.js';
import { FakePort, ManualClock } from './rfid-fixtures.js';

/** A parser of LF-ended lines: what a flush finds held is a line cut short. */
class LineParser implements BufferedParser<string> {
  private held = '';
  get pending(): boolean {
    return this.held.length > 0;
  }
  push(chunk: Uint8Array): string[] {
    const lines = (this.held + new TextDecoder().decode(chunk)).split('\n');
    this.held = lines.pop() ?? '';
    return lines;
  }
  flush(): string[] {
    const cut = this.held;
    this.held = '';
    return cut === '' ? [] : [`cut: ${cut}`];
  }
}

function openLine() {
  const port = new FakePort();
  const clock = new ManualClock();
  const seen: string[] = [];
  const line = new ReaderLine(port, new LineParser(), {
    idleFlushMs: 100,
    clock,
    handle: (results) => seen.push(...results),
    closed: (reason: DriverError) => seen.push(`closed: ${reason.kind}`),
  });
  const send = (text: string): void => port.send(new TextEncoder().encode(text));
  return { port, clock, line, seen, send };
}

describe("a reader's line: the port through its parser", () => {
  it('hands on what each chunk completes, a line split across chunks once', () => {
    const { seen, send } = openLine();
    send('ab');
    send('c\nde\n');
    expect(seen).toEqual(['abc', 'de']);
  });

  it('flushes a line begun when the port stays silent for the idle time, and each chunk starts the wait again', () => {
    const { clock, seen, send } = openLine();
    send('ab');
    clock.advance(99);
    send('c');
    clock.advance(99);
    expect(seen).toEqual([]);
    clock.advance(1);
    expect(seen).toEqual(['cut: abc']);
    expect(clock.waiting).toBe(0);
  });

  it('waits for nothing when no bytes are held', () => {
    const { clock, send } = openLine();
    send('abc\n');
    expect(clock.waiting).toBe(0);
  });

  it('on a close hands on what was held first, then the close, and leaves no timer', () => {
    const { port, clock, seen, send } = openLine();
    send('ab');
    port.unplug();
    expect(seen).toEqual(['cut: ab', 'closed: disconnected']);
    expect(clock.waiting).toBe(0);
  });

  it('stops listening when detached and drops a waiting flush', () => {
    const { port, clock, line, seen, send } = openLine();
    send('ab');
    line.detach();
    expect(port.listening).toBe(0);
    expect(clock.waiting).toBe(0);
    send('c\n');
    expect(seen).toEqual([]);
  });
});
