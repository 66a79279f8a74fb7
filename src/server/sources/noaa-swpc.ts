/**
 * NOAA SWPC space-weather feeds (https://services.swpc.noaa.gov), when reachable: the 10.7 cm
 * flux and the planetary K index, read into the records of src/core/spaceweather. The formats
 * and their sources are in src/core/spaceweather/swpc-json.ts.
 *
 * The base URL is a parameter so an air-gapped site can point at a mirror; the product paths are
 * appended to it as they are (a mirror at https://mirror.example/swpc serves
 * https://mirror.example/swpc/json/f107_cm_flux.json).
 */
import {
  parseSwpcF107Flux,
  parseSwpcKIndex1m,
  parseSwpcPlanetaryKIndex,
  type JsonRejection,
  type SpaceWeatherRecords,
  type SwpcParseResult,
} from '../../core/spaceweather/index.ts';
import type { FetchOptions } from './celestrak.ts';

export const SWPC_BASE_URL = 'https://services.swpc.noaa.gov';

/** The products we read, in the order a series should take them (3-hour Kp before the 1-minute estimates). */
export const SWPC_PRODUCTS = {
  f107: { path: '/json/f107_cm_flux.json', parse: parseSwpcF107Flux },
  planetaryKIndex: { path: '/products/noaa-planetary-k-index.json', parse: parseSwpcPlanetaryKIndex },
  kIndex1m: { path: '/json/planetary_k_index_1m.json', parse: parseSwpcKIndex1m },
} as const;

export type SwpcProduct = keyof typeof SWPC_PRODUCTS;

/** The URL of a product under a base URL (a path prefix of the base is kept). */
export function swpcUrl(baseUrl: string, product: SwpcProduct): string {
  return `${baseUrl.replace(/\/+$/, '')}${SWPC_PRODUCTS[product].path}`;
}

/** GET one product and read it. Throws on a network error, a non-2xx answer, text that is not JSON, or JSON that is not the product. */
export async function fetchSwpcProduct(product: SwpcProduct, options: FetchOptions): Promise<SwpcParseResult> {
  const url = swpcUrl(options.baseUrl, product);
  const res = await (options.fetch ?? fetch)(url, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
  });
  if (!res.ok) throw new Error(`NOAA SWPC answered ${res.status} ${res.statusText} for ${url}`);
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`NOAA SWPC did not send JSON for ${url}: ${text.slice(0, 120).trim()}`);
  }
  return SWPC_PRODUCTS[product].parse(json);
}

export interface SwpcSpaceWeather {
  /** The records of each product that was read, in series order (pass after a SW-All import). */
  readonly records: readonly SpaceWeatherRecords[];
  /** Which products were read. */
  readonly products: readonly SwpcProduct[];
  readonly rejected: readonly (JsonRejection & { readonly product: SwpcProduct })[];
  /** Products that could not be fetched or read, with why: the others are still returned. */
  readonly errors: readonly { readonly product: SwpcProduct; readonly message: string }[];
}

/** All three products; a product that fails is reported in `errors`, not thrown. */
export async function fetchSwpcSpaceWeather(options: FetchOptions): Promise<SwpcSpaceWeather> {
  const products = Object.keys(SWPC_PRODUCTS) as SwpcProduct[];
  const settled = await Promise.allSettled(products.map((p) => fetchSwpcProduct(p, options)));
  const records: SpaceWeatherRecords[] = [];
  const read: SwpcProduct[] = [];
  const rejected: (JsonRejection & { product: SwpcProduct })[] = [];
  const errors: { product: SwpcProduct; message: string }[] = [];
  settled.forEach((result, i) => {
    const product = products[i]!;
    if (result.status === 'fulfilled') {
      records.push(result.value.records);
      read.push(product);
      rejected.push(...result.value.rejected.map((r) => ({ ...r, product })));
    } else {
      const error = result.reason as Error;
      const cause = (error as { cause?: { message?: string } }).cause?.message;
      errors.push({ product, message: cause ? `${error.message}: ${cause}` : error.message });
    }
  });
  return { records, products: read, rejected, errors };
}
