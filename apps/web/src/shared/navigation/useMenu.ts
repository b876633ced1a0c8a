import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Paginated } from '@omnio/domain';
import { http } from '../api/http';
import { useSession } from '../session/useSession';
import { filterMenu, menuForRole, withWarehouseEntries, type MenuEntry, type MenuLocation } from './menus';

const WAREHOUSE_MENU_SEARCH = 'menu:true;company:shipedge;status:ACTIVE';

/** The signed-in user's sidebar: role menu, warehouse entries, filtered by permissionsFront. */
export function useMenu(): MenuEntry[] {
  const { role, company, permissionsFront, can } = useSession();
  const companyId = company?.id;
  const locations = useQuery({
    queryKey: ['menu-locations', companyId],
    enabled: role === 'tenant' && !!companyId && can('read-iloc'),
    staleTime: 5 * 60_000,
    queryFn: () =>
      http.get<Paginated<MenuLocation>>(`/tenants/${encodeURIComponent(companyId ?? '')}/ilocs`, {
        params: { search: WAREHOUSE_MENU_SEARCH, order_by: 'created_at', order_direction: 'DESC', per_page: 50 },
      }),
  });
  const locationRows = locations.data?.data;
  return useMemo(
    () => filterMenu(withWarehouseEntries(menuForRole(role), role === 'tenant' ? (locationRows ?? []) : []), permissionsFront),
    [role, locationRows, permissionsFront],
  );
}
