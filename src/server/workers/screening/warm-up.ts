/**
 * The sample a screening worker warms up on (screening-worker.ts `warmUp`): every k-th record of an
 * element-set file in the two- or three-line format, so that the sample has the file's mix of
 * orbits (a catalogue sorted by NORAD id has its oldest objects first, and the head alone would
 * warm up on 1960s rocket bodies). Only the lines are picked here; the worker parses them as
 * any catalogue is parsed.
 */

/** Lines of a TLE record: line 1 starts with '1 ', line 2 with '2 ' (Vallado's TLE format, cols 1–2). */
const LINE_1 = /^1 /;
const LINE_2 = /^2 /;

/**
 * About `objects` records of `text`, evenly spread, as text: each record's two lines and the name
 * line before them when there is one (a line that is neither a line 1 nor a line 2). Empty for a
 * text with no two-line records (OMM in XML, JSON, CSV or KVN: the worker then does not warm up).
 */
export function sampleTleRecords(text: string, objects: number): string {
  const lines = text.split(/\r?\n/);
  const starts: number[] = [];
  for (let i = 0; i + 1 < lines.length; i += 1) if (LINE_1.test(lines[i]!) && LINE_2.test(lines[i + 1]!)) starts.push(i);
  if (starts.length === 0 || objects < 1) return '';
  const step = Math.max(1, Math.floor(starts.length / objects));
  const picked: string[] = [];
  for (let k = 0; k < starts.length; k += step) {
    const i = starts[k]!;
    const before = i > 0 ? lines[i - 1]!.trim() : '';
    if (before !== '' && !LINE_1.test(before) && !LINE_2.test(before)) picked.push(lines[i - 1]!);
    picked.push(lines[i]!, lines[i + 1]!);
  }
  return `${picked.join('\n')}\n`;
}
