/** Hands a file to the browser to save: a link to it, clicked (the kiosk's and every browser's download). */
export function download(fileName: string, content: BlobPart, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has what it needs once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Bytes sent as base64 (the protocol is JSON text). */
export function fromBase64(base64: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}
