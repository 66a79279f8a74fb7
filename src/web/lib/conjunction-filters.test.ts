import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  alertsPath,
  alertsSearchString,
  DEFAULT_FILTERS,
  hasNarrowingFilters,
  listQueryString,
  parseAlertsSearch,
  parseSort,
  sortParam,
  toggleRisk,
  toggleSort,
} from '@/lib/conjunction-filters';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('conjunction filters', () => {
  it('reads the default view from an empty query string', () => {
    expect(parseAlertsSearch('')).toEqual(DEFAULT_FILTERS);
    expect(alertsSearchString(DEFAULT_FILTERS)).toBe('');
    expect(alertsPath(DEFAULT_FILTERS)).toBe('/alerts');
  });

  it('reads every filter and the sort, and writes them back', () => {
    const search = 'status=closed&risk=critical%2Chigh&source=CARA&q=TROPICS+PATHFINDER&tcaFrom=2021-12-01T00%3A00&tcaTo=2021-12-31T23%3A59&sort=-pc';
    const filters = parseAlertsSearch(`?${search}`);
    expect(filters).toEqual({
      status: 'closed',
      risk: ['critical', 'high'],
      alertStatus: [],
      assignee: '',
      source: 'CARA',
      q: 'TROPICS PATHFINDER',
      tcaFrom: '2021-12-01T00:00',
      tcaTo: '2021-12-31T23:59',
      sort: { field: 'pc', descending: true },
    });
    expect(alertsSearchString(filters)).toBe(search);
    expect(alertsPath(filters)).toBe(`/alerts?${search}`);
  });

  it('ignores what is not valid, and orders the risk levels', () => {
    expect(parseAlertsSearch('status=pending&risk=low,bogus,CRITICAL&sort=-colour&tcaFrom=yesterday&tcaTo=2021-13-45T99:99')).toEqual({
      ...DEFAULT_FILTERS,
      risk: ['critical', 'low'],
    });
  });

  it('takes any ISO date-time as a window bound, shown in UTC', () => {
    expect(parseAlertsSearch('tcaFrom=2021-12-20T03:25:35.287%2B02:00&tcaTo=2021-12-21T00:00:00Z')).toMatchObject({ tcaFrom: '2021-12-20T01:25', tcaTo: '2021-12-21T00:00' });
  });

  it('reads a window bound without an offset as UTC, as the inputs show it, in any time zone', () => {
    // A zone far from UTC, where reading the bound as local time would move it by 9 hours.
    vi.stubEnv('TZ', 'Asia/Tokyo');
    expect(parseAlertsSearch('tcaFrom=2021-12-20T01:25:35&tcaTo=2021-12-21T00:00:00.000')).toMatchObject({ tcaFrom: '2021-12-20T01:25', tcaTo: '2021-12-21T00:00' });
    expect(parseAlertsSearch('tcaFrom=2021-12-20T01:25').tcaFrom).toBe('2021-12-20T01:25');
    expect(parseAlertsSearch('tcaFrom=2021-12-20+01:25&tcaTo=20211220')).toMatchObject({ tcaFrom: '', tcaTo: '' });
  });

  it('trims and caps the text filters as the API does', () => {
    const filters = parseAlertsSearch(`q=${'x'.repeat(150)}&source=%20CARA%20`);
    expect(filters.q).toHaveLength(100);
    expect(filters.source).toBe('CARA');
  });

  it('writes the sort as the API reads it, and reads it back', () => {
    expect(sortParam({ field: 'tca', descending: false })).toBe('tca');
    expect(sortParam({ field: 'relativeVelocity', descending: true })).toBe('-relativeVelocity');
    expect(parseSort('-lastUpdated')).toEqual({ field: 'lastUpdated', descending: true });
    expect(parseSort(null)).toEqual({ field: 'tca', descending: false });
    expect(parseSort('--pc')).toEqual({ field: 'tca', descending: false });
  });

  it('flips the sorted column, and sorts another in the direction wanted first', () => {
    expect(toggleSort({ field: 'pc', descending: false }, 'pc')).toEqual({ field: 'pc', descending: true });
    expect(toggleSort({ field: 'pc', descending: true }, 'pc')).toEqual({ field: 'pc', descending: false });
    // The closest approach and the soonest TCA first.
    expect(toggleSort({ field: 'pc', descending: true }, 'miss')).toEqual({ field: 'miss', descending: false });
    expect(toggleSort({ field: 'risk', descending: true }, 'tca')).toEqual({ field: 'tca', descending: false });
    expect(toggleSort({ field: 'tca', descending: false }, 'primary')).toEqual({ field: 'primary', descending: false });
    // The most probable, riskiest and latest updated first.
    expect(toggleSort({ field: 'tca', descending: false }, 'pc')).toEqual({ field: 'pc', descending: true });
    expect(toggleSort({ field: 'tca', descending: false }, 'risk')).toEqual({ field: 'risk', descending: true });
    expect(toggleSort({ field: 'tca', descending: false }, 'lastUpdated')).toEqual({ field: 'lastUpdated', descending: true });
  });

  it('toggles risk levels in order', () => {
    expect(toggleRisk([], 'high')).toEqual(['high']);
    expect(toggleRisk(['high'], 'critical')).toEqual(['critical', 'high']);
    expect(toggleRisk(['critical', 'high'], 'critical')).toEqual(['high']);
  });

  it('builds the API query: status, sort and limit always, the window in ISO 8601 to the end of its last minute', () => {
    expect(listQueryString(DEFAULT_FILTERS)).toBe('status=open&sort=tca&limit=5000');
    const filters = parseAlertsSearch('status=all&risk=critical,high&source=screening&q=OFEQ&tcaFrom=2026-01-01T00:00&tcaTo=2026-01-02T12:30&sort=-miss');
    expect(Object.fromEntries(new URLSearchParams(listQueryString(filters, 100)))).toEqual({
      status: 'all',
      source: 'screening',
      risk: 'critical,high',
      q: 'OFEQ',
      tcaFrom: '2026-01-01T00:00:00.000Z',
      tcaTo: '2026-01-02T12:30:59.999Z',
      sort: '-miss',
      limit: '100',
    });
  });

  it('tells when something beyond the status narrows the list', () => {
    expect(hasNarrowingFilters(DEFAULT_FILTERS)).toBe(false);
    expect(hasNarrowingFilters({ ...DEFAULT_FILTERS, status: 'all', sort: { field: 'pc', descending: true } })).toBe(false);
    expect(hasNarrowingFilters({ ...DEFAULT_FILTERS, risk: ['low'] })).toBe(true);
    expect(hasNarrowingFilters({ ...DEFAULT_FILTERS, q: 'x' })).toBe(true);
    expect(hasNarrowingFilters({ ...DEFAULT_FILTERS, tcaTo: '2026-01-01T00:00' })).toBe(true);
  });
});
