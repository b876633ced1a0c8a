import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  DashboardByChannelDto, DashboardByCountryDto, DashboardByIlocDto, DashboardByStatusDto, DashboardCard, DashboardLateShipmentsDto,
  DashboardLowStockDto, DashboardSalesDto, DashboardTopSkusDto,
} from '@omnio/domain';
import { API_BASE, http } from '../../shared/api/http';
import { authorizedFetch, responseError } from '../../shared/api/file-transfer';
import { apiQuery, choiceReady, type DashboardChoice } from './dashboard-query';

/** One GET per card (docs/api-dashboard.md), so each card loads, fails and reloads on its own. */

export const dashboardKey = ['dashboard'] as const;

function useCard<T>(card: DashboardCard, choice: DashboardChoice) {
  const query = apiQuery(choice);
  return useQuery({
    queryKey: [...dashboardKey, card, query],
    enabled: choiceReady(choice),
    // The previous range's figures stay on screen (dimmed) while the new ones load, so a card does not jump.
    placeholderData: keepPreviousData,
    queryFn: async () => (await http.get<{ data: T }>(`/dashboard/${card}`, { params: query })).data,
  });
}

export const useSales = (c: DashboardChoice) => useCard<DashboardSalesDto>('sales', c);
export const useOrdersByStatus = (c: DashboardChoice) => useCard<DashboardByStatusDto>('orders-by-status', c);
export const useOrdersByChannel = (c: DashboardChoice) => useCard<DashboardByChannelDto>('orders-by-channel', c);
export const useOrdersByCountry = (c: DashboardChoice) => useCard<DashboardByCountryDto>('orders-by-country', c);
export const useOrdersByIloc = (c: DashboardChoice) => useCard<DashboardByIlocDto>('orders-by-iloc', c);
export const useTopSkus = (c: DashboardChoice) => useCard<DashboardTopSkusDto>('top-skus', c);
export const useLowStock = (c: DashboardChoice) => useCard<DashboardLowStockDto>('low-stock', c);
export const useLateShipments = (c: DashboardChoice) => useCard<DashboardLateShipmentsDto>('late-shipments', c);

/** The file name the server gives in Content-Disposition, else one made from the card. */
function fileName(response: Response, card: DashboardCard): string {
  const header = response.headers.get('Content-Disposition') ?? '';
  const m = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(header);
  return m?.[1] ? decodeURIComponent(m[1]) : `dashboard-${card}.csv`;
}

/** Downloads GET /dashboard/<card>/export with the same query, as the signed-in user (a plain link would carry no token). */
export async function exportCard(card: DashboardCard, choice: DashboardChoice): Promise<void> {
  const query = new URLSearchParams(apiQuery(choice)).toString();
  const response = await authorizedFetch(`${API_BASE}/dashboard/${card}/export?${query}`, { headers: { Accept: 'text/csv' } });
  if (!response.ok) throw await responseError(response);
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName(response, card);
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoked later: some browsers read the object URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
