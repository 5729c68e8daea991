/** Hands a file to the browser as a download under the given name. */
export function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Revoked once the click has handed the file over, not before.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
