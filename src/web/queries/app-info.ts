import { useQuery } from '@tanstack/react-query';
import type { AppInfoResponse } from '@contracts/app-info.ts';

export const APP_INFO_KEY = ['/api/app-info'] as const;

/** GET /api/app-info: product name, version and the fixed operator label. Read once (staleTime Infinity). */
export function useAppInfo() {
  return useQuery<AppInfoResponse>({ queryKey: APP_INFO_KEY });
}
