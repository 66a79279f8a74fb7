/**
 * The SWPC fetchers against a loopback HTTP server that answers with responses built here in
 * the products' published shapes (src/core/spaceweather/swpc-json.ts lists them and their
 * sources): no outside network. The server sits under a path prefix, as an air-gapped mirror
 * would, so the base URL's path is kept.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSpaceWeatherSeries, nrlmsiseSpaceWeather, parseSwAllCsv } from '../../core/spaceweather/index.ts';
import { utcMs } from '../../core/units.ts';
import { fetchSwpcProduct, fetchSwpcSpaceWeather, SWPC_BASE_URL, swpcUrl } from './noaa-swpc.ts';

// 2024-03-18, 19 and 20: Penticton's three readings a day (newest first, as the feed lists them).
const F107 = [
  { time_tag: '2024-03-20T20:00:00', frequency: 2800, flux: 165.0, reporting_schedule: 'Noon', avg_begin_date: '2023-12-21T20:00:00', ninety_day_mean: 157.0, rec_count: 90 },
  { time_tag: '2024-03-20T17:00:00', frequency: 2800, flux: 164.0, reporting_schedule: 'Morning', avg_begin_date: null, ninety_day_mean: null, rec_count: null },
  { time_tag: '2024-03-19T22:00:00', frequency: 2800, flux: 171.0, reporting_schedule: 'Afternoon', avg_begin_date: null, ninety_day_mean: null, rec_count: null },
  { time_tag: '2024-03-19T20:00:00', frequency: 2800, flux: 170.0, reporting_schedule: 'Noon', avg_begin_date: '2023-12-20T20:00:00', ninety_day_mean: 156.0, rec_count: 90 },
  { time_tag: '2024-03-18T20:00:00', frequency: 2800, flux: 177.4, reporting_schedule: 'Noon', avg_begin_date: '2023-12-19T20:00:00', ninety_day_mean: 156.0, rec_count: 90 },
];
// The table form: header row, string values; 2024-03-19 and 03-20 00–15 UT.
const KP_TABLE = [
  ['time_tag', 'Kp', 'a_running', 'station_count'],
  ...['1.00', '1.33', '2.00', '2.67', '3.00', '3.33', '4.00', '4.67', '2.00', '1.67', '1.33', '1.00', '1.33'].map((kp, n) => [
    `2024-03-${19 + Math.floor(n / 8)} ${String((3 * n) % 24).padStart(2, '0')}:00:00.000`,
    kp,
    String([4, 5, 7, 12, 15, 18, 27, 39, 7, 6, 5, 4, 5][n]),
    '8',
  ]),
];
const KP_1M = [
  { time_tag: '2024-03-20T12:00:00', kp_index: 2, estimated_kp: 2.33, kp: '2P' },
  { time_tag: '2024-03-20T12:01:00', kp_index: 2, estimated_kp: 2.67, kp: '3M' },
  { time_tag: '2024-03-20T15:00:00', kp_index: 2, estimated_kp: 2.0, kp: '2Z' },
];

let server: Server;
let baseUrl: string;
const requests: string[] = [];
const answers = new Map<string, { status: number; body: string }>();

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    const answer = answers.get(req.url ?? '') ?? { status: 404, body: 'Not Found' };
    res.writeHead(answer.status, { 'content-type': answer.status === 200 ? 'application/json' : 'text/plain' });
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mirror/swpc/`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const serve = (path: string, body: unknown, status = 200) =>
  answers.set(`/mirror/swpc${path}`, { status, body: typeof body === 'string' ? body : JSON.stringify(body) });

describe('NOAA SWPC fetchers', () => {
  it('builds product URLs under the base URL, keeping its path', () => {
    expect(swpcUrl(SWPC_BASE_URL, 'f107')).toBe('https://services.swpc.noaa.gov/json/f107_cm_flux.json');
    expect(swpcUrl('http://mirror.local/swpc/', 'planetaryKIndex')).toBe('http://mirror.local/swpc/products/noaa-planetary-k-index.json');
    expect(swpcUrl('http://mirror.local', 'kIndex1m')).toBe('http://mirror.local/json/planetary_k_index_1m.json');
  });

  it('fetches and reads the three products, and their records drive the model inputs', async () => {
    answers.clear();
    serve('/json/f107_cm_flux.json', F107);
    serve('/products/noaa-planetary-k-index.json', KP_TABLE);
    serve('/json/planetary_k_index_1m.json', KP_1M);
    requests.length = 0;
    const got = await fetchSwpcSpaceWeather({ baseUrl, timeoutMs: 5000 });
    expect(got.errors).toEqual([]);
    expect(got.rejected).toEqual([]);
    expect(got.products).toEqual(['f107', 'planetaryKIndex', 'kIndex1m']);
    expect(requests.sort()).toEqual([
      'GET /mirror/swpc/json/f107_cm_flux.json',
      'GET /mirror/swpc/json/planetary_k_index_1m.json',
      'GET /mirror/swpc/products/noaa-planetary-k-index.json',
    ]);

    const series = createSpaceWeatherSeries(got.records);
    const t = utcMs(Date.parse('2024-03-20T12:30:00Z'));
    expect(series.f107(t)).toMatchObject({ value: 165.0, status: 'observed', date: '2024-03-20' });
    expect(series.f107(t, { lagDays: 1 }).value).toBe(170.0);
    // The 3-hour product covers 12–15 UT of 03-20 (Kp 1.33 → 1+, ap 5): it wins over the 1-minute estimate.
    expect(series.kp3h(t).value).toBe(4 / 3);
    expect(series.ap3h(t)).toMatchObject({ value: 5, status: 'observed' });
    expect(series.ap3h(t).source).toContain('noaa-planetary-k-index.json');
    // 15–18 UT has only the 1-minute estimate (Kp 2o, ap 7).
    expect(series.ap3h(utcMs(Date.parse('2024-03-20T15:30:00Z')))).toMatchObject({ value: 7, status: 'observed' });
    // 03-19 is complete in the 3-hour product: its daily Ap is the mean of the eight ap.
    expect(series.apDaily(utcMs(Date.parse('2024-03-19T12:00:00Z'))).value).toBe((4 + 5 + 7 + 12 + 15 + 18 + 27 + 39) / 8);
    // SWPC has no 81-day mean: with the feed alone F10.7A is a default, and the input says so.
    const n = nrlmsiseSpaceWeather(series, t);
    expect(n.f107A.status).toBe('default');
    expect(n.f107.value).toBe(170.0);
    expect(n.apArray[1].value).toBe(5);
  });

  it('an SWPC observation replaces an SW-All prediction for the same day', async () => {
    const header = 'DATE,BSRN,ND,KP1,KP2,KP3,KP4,KP5,KP6,KP7,KP8,KP_SUM,AP1,AP2,AP3,AP4,AP5,AP6,AP7,AP8,AP_AVG,CP,C9,ISN,F10.7_OBS,F10.7_ADJ,F10.7_DATA_TYPE,F10.7_OBS_CENTER81,F10.7_OBS_LAST81,F10.7_ADJ_CENTER81,F10.7_ADJ_LAST81';
    // shared/reference/spaceweather/SW-All_1957-2024.csv line 24278.
    const prd = '2024-03-19,2599,22,27,20,20,20,13,13,20,20,153,12,7,7,7,5,5,7,7,7,0.4,2,136,171.5,170.0,PRD,159.0,161.4,157.6,157.3';
    const swAll = parseSwAllCsv(`${header}\n${prd}\n`).records;
    answers.clear();
    serve('/json/f107_cm_flux.json', F107);
    const swpc = await fetchSwpcProduct('f107', { baseUrl });
    const series = createSpaceWeatherSeries([swAll, swpc.records]);
    const t = utcMs(Date.parse('2024-03-19T12:00:00Z'));
    expect(series.f107(t)).toMatchObject({ value: 170.0, status: 'observed' });
    expect(series.f107(t).source).toContain('NOAA SWPC f107_cm_flux.json 2024-03-19T20:00:00 (Noon reading');
    expect(series.f107Mean81(t)).toMatchObject({ value: 159.0, status: 'predicted' });
  });

  it('reports an unreachable, failing or malformed product and returns the others', async () => {
    answers.clear();
    serve('/json/f107_cm_flux.json', '<html>maintenance</html>');
    serve('/products/noaa-planetary-k-index.json', { message: 'moved' });
    serve('/json/planetary_k_index_1m.json', KP_1M);
    const got = await fetchSwpcSpaceWeather({ baseUrl });
    expect(got.products).toEqual(['kIndex1m']);
    expect(got.errors).toEqual([
      { product: 'f107', message: `NOAA SWPC did not send JSON for ${swpcUrl(baseUrl, 'f107')}: <html>maintenance</html>` },
      { product: 'planetaryKIndex', message: 'noaa-planetary-k-index: expected a JSON array, got {"message":"moved"}' },
    ]);

    answers.clear();
    await expect(fetchSwpcProduct('f107', { baseUrl })).rejects.toThrow(`NOAA SWPC answered 404 Not Found for ${swpcUrl(baseUrl, 'f107')}`);

    // A closed port: the network error comes back per product, nothing is thrown.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const offline = await fetchSwpcSpaceWeather({ baseUrl: `http://127.0.0.1:${port}`, timeoutMs: 2000 });
    expect(offline.records).toEqual([]);
    expect(offline.errors.map((e) => e.product)).toEqual(['f107', 'planetaryKIndex', 'kIndex1m']);
    expect(offline.errors[0]!.message).toMatch(/fetch failed.*ECONNREFUSED/);
  });

  it('passes rejected elements on, naming the product', async () => {
    answers.clear();
    serve('/json/f107_cm_flux.json', [...F107, { time_tag: '2024-03-17T20:00:00', flux: 'n/a', reporting_schedule: 'Noon' }]);
    serve('/products/noaa-planetary-k-index.json', KP_TABLE);
    serve('/json/planetary_k_index_1m.json', []);
    const got = await fetchSwpcSpaceWeather({ baseUrl });
    expect(got.rejected).toEqual([{ product: 'f107', index: 5, reason: 'flux "n/a" is not a number', text: '{"time_tag":"2024-03-17T20:00:00","flux":"n/a","reporting_schedule":"Noon"}' }]);
  });
});
