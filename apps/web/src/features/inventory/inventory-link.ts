import type { InventoryFilters } from './api';

/**
 * The filters a link opens the list with (the dashboard's low-stock rows link `?search=sku:CODE;iloc:ID`):
 * the SKU goes to the search box, where the user sees and can clear it, the iloc to the location filter.
 */
export function filtersFromLink(search: string | null): InventoryFilters {
  const filters: InventoryFilters = { search: '', ilocId: '', type: '', available: false };
  for (const part of (search ?? '').split(';')) {
    const at = part.indexOf(':');
    const [key, value] = at < 0 ? ['', part] : [part.slice(0, at), part.slice(at + 1)];
    if (key === 'iloc') filters.ilocId = value.trim();
    else if (key === 'sku' || key === '') filters.search = [filters.search, value.trim()].filter(Boolean).join(' ');
  }
  return filters;
}
