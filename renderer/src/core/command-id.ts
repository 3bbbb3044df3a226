/**
 * A fresh id for each table command (a retry with the same id applies once). `crypto.randomUUID` needs a
 * secure context, which browser mode over plain http on the table's network is not; random bytes are not.
 */
export function newCommandId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
