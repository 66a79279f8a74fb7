/*
 * Saving text the page made (a CSV export) as a file: a Blob URL on a
 * temporary link with `download`, clicked, then released. Nothing leaves the
 * browser (the app runs air-gapped).
 */

/** Offers `text` as a download named `fileName` of MIME type `type`. */
export function downloadText(text: string, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Released after the click has started the download (revoking at once can cancel it in some browsers).
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
