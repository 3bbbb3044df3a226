/**
 * Text from outside (a file, a device, a name) as an error or a report line shows it: control characters
 * escaped (a line break as \n), so that every line stays one line.
 */
export function printable(text: string): string {
  // eslint-disable-next-line no-control-regex -- the control characters are what is looked for
  return text.replace(/[\u0000-\u001f\u007f]/g, (char) => CONTROL_NAMES[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const CONTROL_NAMES: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };
