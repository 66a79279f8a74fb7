import type { CdmImportResponse } from '@contracts/conjunction-events.ts';

/*
 * CDM upload on the Conjunction Alerts screen (issue 11): the content type a file
 * is sent with (by its extension), and a file's import result in words.
 */

/** XML and JSON files say so; KVN (.cdm, .kvn, .txt) and anything else go as text/plain. */
export function cdmContentType(fileName: string): string {
  const extension = fileName.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  if (extension === 'xml') return 'application/xml';
  if (extension === 'json') return 'application/json';
  return 'text/plain';
}

/** The file types the picker offers (any file can still be dropped). */
export const CDM_FILE_ACCEPT = '.cdm,.kvn,.txt,.xml,.json';

function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** '2 new, 1 updated, 1 merged, 3 duplicates, 1 rejected' (only what happened); 'No messages found' for an empty answer. */
export function importSummary(response: CdmImportResponse): string {
  const created = response.imported.filter((item) => item.action === 'created').length;
  const updated = response.imported.filter((item) => item.action === 'updated').length;
  const merged = response.imported.filter((item) => item.action === 'merged').length;
  const parts = [
    created > 0 ? `${created} new` : '',
    updated > 0 ? `${updated} updated` : '',
    merged > 0 ? `${merged} merged` : '',
    response.duplicates.length > 0 ? count(response.duplicates.length, 'duplicate') : '',
    response.rejected.length > 0 ? `${response.rejected.length} rejected` : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : 'No messages found';
}

/** Where a message sits in its file, counted from 1 for people: 'Message 3, line 42', 'Line 7', 'Message 1', or 'File'. */
export function messagePosition(item: { index: number | null; line?: number | null }): string {
  const line = item.line ?? null;
  const parts = [item.index !== null ? `Message ${item.index + 1}` : '', line !== null ? `line ${line}` : ''].filter(Boolean);
  if (parts.length === 0) return 'File';
  const text = parts.join(', ');
  return text[0]!.toUpperCase() + text.slice(1);
}

/** 'created' → 'new': the word the result list uses for each import action. */
export function importActionLabel(action: string): string {
  return action === 'created' ? 'new' : action;
}
