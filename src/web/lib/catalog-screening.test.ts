import { describe, expect, it } from 'vitest';
import { makeRun } from '@/components/analytics/analytics-fixtures';
import {
  analyticsPath,
  conjunctionCsvUrl,
  conjunctionQueryString,
  DEFAULT_VIEW,
  formatPercent,
  formatSlice,
  formatWindow,
  pairsOf,
  parseAnalyticsSearch,
  pickResultRun,
  regimeCounts,
  rowsText,
  runOptionLabel,
  startRequest,
} from '@/lib/catalog-screening';

describe('the /analytics view as a URL and as the API query', () => {
  it('leaves the defaults out, and reads back what it wrote', () => {
    expect(analyticsPath(DEFAULT_VIEW)).toBe('/analytics');
    const view = { run: 'run-1', sort: 'miss' as const, risk: 'high' as const, type: 'debris' as const, owner: 'PRC', q: 'FENGYUN 1C', offset: 100 };
    const path = analyticsPath(view);
    expect(path).toBe('/analytics?run=run-1&sort=miss&risk=high&type=debris&owner=PRC&q=FENGYUN+1C&offset=100');
    expect(parseAnalyticsSearch(path.split('?')[1]!)).toEqual(view);
  });

  it('ignores what is not valid', () => {
    expect(parseAnalyticsSearch('sort=name&risk=severe&type=station&offset=-5&owner=%20')).toEqual(DEFAULT_VIEW);
    expect(parseAnalyticsSearch('offset=2.5').offset).toBe(0);
  });

  it('asks for sort, the filters set, 50 rows and the offset', () => {
    expect(conjunctionQueryString(DEFAULT_VIEW)).toBe('sort=pc&limit=50&offset=0');
    expect(conjunctionQueryString({ ...DEFAULT_VIEW, sort: 'tca', owner: ' CIS ', offset: 50 })).toBe('sort=tca&owner=CIS&limit=50&offset=50');
    // The CSV takes the same sort and filters, without the page.
    expect(conjunctionCsvUrl('run 1', { ...DEFAULT_VIEW, sort: 'tca', type: 'debris', owner: ' CIS ', offset: 50 })).toBe('/api/catalog-screenings/run%201/conjunctions.csv?sort=tca&type=debris&owner=CIS');
  });

  it("says which rows are shown: 'rows 51–100 of 1,234'", () => {
    expect(rowsText(50, 50, 1234)).toBe('rows 51–100 of 1,234');
    expect(rowsText(0, 0, 0)).toBe('no rows');
  });
});

describe('runs', () => {
  it('shows the picked run, else the newest completed one', () => {
    const runs = [makeRun({ id: 'a', status: 'failed' }), makeRun({ id: 'b' }), makeRun({ id: 'c' })];
    expect(pickResultRun(runs, '')?.id).toBe('b');
    expect(pickResultRun(runs, 'a')?.id).toBe('a');
    expect(pickResultRun(runs, 'gone')?.id).toBe('b');
    expect(pickResultRun([runs[0]!], '')).toBeUndefined();
  });

  it('formats the window, a shard slice, the option label and the pairs', () => {
    const run = makeRun();
    expect(formatWindow(run)).toBe('2026-11-26 00:00 – 2026-11-29 00:00 UTC (72 h)');
    expect(formatSlice({ start: '2026-11-26T00:00:00Z', end: '2026-11-26T09:30:00Z' })).toBe('2026-11-26 00:00–09:30');
    expect(runOptionLabel(run)).toBe('2026-11-26 00:00 UTC · 72 h · 5 km · Completed');
    expect(pairsOf({ objects: 4, summary: null })).toBe(6);
    expect(pairsOf(run)).toBe(1_249_975_000);
  });

  it('never rounds a running share up to 100 %', () => {
    expect(formatPercent(0.996)).toBe('99 %');
    expect(formatPercent(1)).toBe('100 %');
    expect(formatPercent(-0.1)).toBe('0 %');
  });

  it('lists the regimes in IADC order, then any other the server sends', () => {
    expect(regimeCounts({ GEO: 2, LEO: 5, GTO: 1 })).toEqual([
      ['LEO', 5],
      ['MEO', 0],
      ['GEO', 2],
      ['HEO', 0],
      ['GTO', 1],
    ]);
  });
});

describe('the start form', () => {
  it('sends the window from start (UTC) for the hours given, and the threshold', () => {
    expect(startRequest({ start: '2026-11-26T10:15', hours: '1.5', thresholdKm: '5' })).toEqual({
      body: { start: '2026-11-26T10:15:00.000Z', end: '2026-11-26T11:45:00.000Z', threshold_km: 5 },
    });
  });

  it('names the field to fix', () => {
    expect(startRequest({ start: '', hours: '72', thresholdKm: '5' })).toEqual({ error: 'Start: enter a date and time (UTC)' });
    expect(startRequest({ start: '2026-11-26T10:15', hours: '169', thresholdKm: '5' })).toEqual({ error: 'Window: enter a number of hours greater than 0 and at most 168' });
    expect(startRequest({ start: '2026-11-26T10:15', hours: '', thresholdKm: '5' })).toHaveProperty('error');
    expect(startRequest({ start: '2026-11-26T10:15', hours: '72', thresholdKm: '0' })).toEqual({ error: 'Threshold: enter a distance in km greater than 0 and at most 100' });
    expect(startRequest({ start: '2026-11-26T10:15', hours: '72', thresholdKm: '101' })).toHaveProperty('error');
  });
});
