/**
 * One CSV line (RFC 4180): fields with a comma, quote or line break are quoted, quotes doubled. A text
 * field a spreadsheet would take for a formula (starting with =, +, -, @, a tab or a carriage return: a
 * player's name is typed at the table) gets a leading apostrophe, so it opens as the text it is (OWASP's
 * advice against CSV injection). Numbers are written as numbers, negative ones too.
 */
export function csvLine(fields: readonly (string | number | null)[]): string {
  return fields
    .map((field) => {
      const text = field === null ? '' : typeof field === 'number' ? String(field) : FORMULA_START.test(field) ? `'${field}` : field;
      return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
    })
    .join(',');
}

const FORMULA_START = /^[=+\-@\t\r]/;

export function csv(rows: readonly (readonly (string | number | null)[])[]): string {
  return rows.map(csvLine).join('\r\n') + '\r\n';
}
