import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMediaQuery, useTheme } from '@mui/material';
import type { GridColumnVisibilityModel, GridLocaleText, GridPaginationModel, GridSortModel } from '@mui/x-data-grid';
import { arSD, deDE, esES, frFR, heIL, huHU, itIT, jaJP, koKR, ruRU, zhCN } from '@mui/x-data-grid/locales';

const GRID_LOCALES = { es: esES, fr: frFR, de: deDE, it: itIT, hu: huHU, ru: ruRU, he: heIL, ar: arSD, zh: zhCN, ja: jaJP, ko: koKR } as const;

/** The grid's own texts follow the app language; `empty` replaces its "No rows". */
export function useGridLocaleText(empty: string): Partial<GridLocaleText> {
  const { i18n } = useTranslation();
  const language = (i18n.language === 'sp' ? 'es' : i18n.language.slice(0, 2)) as keyof typeof GRID_LOCALES;
  return useMemo(
    () => ({ ...(GRID_LOCALES[language]?.components.MuiDataGrid.defaultProps.localeText ?? {}), noRowsLabel: empty }),
    [language, empty],
  );
}

/** On phones the grid keeps its essential columns; the others start hidden and stay in the columns menu. */
export function usePhoneColumns(hideOnPhone: readonly string[]) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const key = hideOnPhone.join(',');
  const [model, setModel] = useState<GridColumnVisibilityModel>({});
  useEffect(() => {
    setModel(Object.fromEntries(key.split(',').filter(Boolean).map((field) => [field, !phone])));
  }, [phone, key]);
  return { columnVisibilityModel: model, onColumnVisibilityModelChange: setModel };
}

/** Server-side paging and sorting state, turned into the API's 1-based page and ASC/DESC. */
export function useServerGrid(pageSize = 25) {
  const [paginationModel, setPaginationModel] = useState<GridPaginationModel>({ page: 0, pageSize });
  const [sortModel, setSortModel] = useState<GridSortModel>([]);
  const sort = sortModel[0];
  return {
    paginationModel,
    setPaginationModel,
    sortModel,
    setSortModel,
    resetPage: () => setPaginationModel((m) => ({ ...m, page: 0 })),
    query: {
      page: paginationModel.page + 1,
      perPage: paginationModel.pageSize,
      orderBy: sort?.field,
      orderDirection: sort?.sort ? (sort.sort.toUpperCase() as 'ASC' | 'DESC') : undefined,
    },
  };
}

export type ServerGridState = ReturnType<typeof useServerGrid>;
