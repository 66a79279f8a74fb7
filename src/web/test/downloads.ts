import Papa from 'papaparse';
import { onTestFinished, vi } from 'vitest';

/*
 * Test helper only: files the page offers for download (lib/download.ts: a Blob URL on a
 * clicked temporary link). jsdom has neither Blob URLs nor navigation, so both are stood in for.
 */

/** jsdom has no Blob URLs: `create` and `revoke` stand in for them until the test ends. */
export function stubObjectUrls(create: (blob: Blob) => string, revoke: (url: string) => void) {
  const had = { create: Object.getOwnPropertyDescriptor(URL, 'createObjectURL'), revoke: Object.getOwnPropertyDescriptor(URL, 'revokeObjectURL') };
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, writable: true, value: create });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: revoke });
  onTestFinished(() => {
    for (const [key, descriptor] of [['createObjectURL', had.create], ['revokeObjectURL', had.revoke]] as const) {
      if (descriptor) Object.defineProperty(URL, key, descriptor);
      else Reflect.deleteProperty(URL, key);
    }
  });
}

export interface Download {
  /** The file name the link offered. */
  name: string;
  blob: Blob;
}

/**
 * Records every download until the test ends. `csv()` parses the last one: its header row,
 * then the data rows, every cell as text.
 */
export function captureDownloads() {
  const blobs = new Map<string, Blob>();
  const files: Download[] = [];
  stubObjectUrls(
    (blob) => {
      const url = `blob:test-${blobs.size + 1}`;
      blobs.set(url, blob);
      return url;
    },
    () => {},
  );
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.getAttribute('href') ?? '');
    if (blob) files.push({ name: this.download, blob });
  });
  onTestFinished(() => click.mockRestore());
  return {
    files,
    async csv(): Promise<{ name: string; type: string; header: string[]; rows: string[][] }> {
      const file = files.at(-1);
      if (!file) throw new Error('Nothing was downloaded');
      const [header = [], ...rows] = Papa.parse<string[]>(await file.blob.text(), { skipEmptyLines: true }).data;
      return { name: file.name, type: file.blob.type, header, rows };
    },
  };
}
