import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataSourceId, DataSourceStatus } from '@contracts/data-sources.ts';
import type { SettingsChange, SettingsResponse } from '@contracts/settings.ts';
import { apiRequest } from '@/lib/query-client';

export const SETTINGS_PATH = '/api/settings';
export const SETTINGS_KEY = [SETTINGS_PATH] as const;
export const DATA_SOURCES_PATH = '/api/data-sources';
export const DATA_SOURCES_KEY = [DATA_SOURCES_PATH] as const;

/** GET /api/settings: the fleet and screening settings in force, the environment's defaults, the fleet's members. */
export function useSettings() {
  return useQuery<SettingsResponse>({ queryKey: SETTINGS_KEY });
}

/**
 * PATCH /api/settings. The answer is the new state, put in the cache at once; the fleet's lists
 * (which objects are fleet members) are read again.
 */
export function useChangeSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (change: SettingsChange) => (await (await apiRequest('PATCH', SETTINGS_PATH, change)).json()) as SettingsResponse,
    onSuccess: (settings) => {
      client.setQueryData(SETTINGS_KEY, settings);
      void client.invalidateQueries({ predicate: (query) => query.queryKey[0] !== SETTINGS_PATH });
    },
  });
}

/** GET /api/data-sources, every 30 s (a scheduled read may happen meanwhile). */
export function useDataSources() {
  return useQuery<DataSourceStatus[]>({ queryKey: DATA_SOURCES_KEY, refetchInterval: 30_000 });
}

/** POST /api/data-sources/{id}/update: read a source now; the answer is every source's status after it. */
export function useUpdateDataSource() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: DataSourceId) => (await (await apiRequest('POST', `${DATA_SOURCES_PATH}/${id}/update`)).json()) as DataSourceStatus[],
    onSuccess: (sources) => client.setQueryData(DATA_SOURCES_KEY, sources),
  });
}
