import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { GridColDef, GridColumnVisibilityModel, GridValidRowModel } from '@mui/x-data-grid';
import { http, isHttpError } from '../../shared/api/http';
import { useSession } from '../../shared/session/useSession';
import { useToast } from '../../shared/ui/toast';

/**
 * A grid's column layout (visibility, order, widths), kept in the user's preferences under
 * `grids.<key>` (the `grids` preference of PREFERENCE_DEFAULTS) and restored on the next visit.
 */
export const ZGridLayout = z.object({
  order: z.array(z.string().max(64)).max(100).catch([]),
  hidden: z.array(z.string().max(64)).max(100).catch([]),
  widths: z.record(z.string().max(64), z.number().min(40).max(2000)).catch({}),
});
export type GridLayout = z.infer<typeof ZGridLayout>;

const SAVE_DELAY_MS = 800;
const GRIDS_VERSION = 1;

function storedGrids(preferences: Record<string, unknown> | null | undefined): Record<string, unknown> {
  const grids = preferences?.grids;
  return typeof grids === 'object' && grids !== null && !Array.isArray(grids) ? (grids as Record<string, unknown>) : {};
}

export function readLayout(preferences: Record<string, unknown> | null | undefined, key: string, fallback: GridLayout): GridLayout {
  const raw = storedGrids(preferences)[key];
  if (raw === undefined) return fallback;
  const parsed = ZGridLayout.safeParse(raw);
  return parsed.success ? parsed.data : fallback;
}

/** The columns in the layout's order with its widths; columns the layout does not know keep their place at the end. */
export function applyLayout<R extends GridValidRowModel>(columns: GridColDef<R>[], layout: GridLayout): GridColDef<R>[] {
  const rank = new Map(layout.order.map((field, i) => [field, i]));
  const ordered = columns
    .map((col, i) => ({ col, i }))
    .sort((a, b) => (rank.get(a.col.field) ?? 1000 + a.i) - (rank.get(b.col.field) ?? 1000 + b.i))
    .map(({ col }) => col);
  return ordered.map((col) => {
    const width = layout.widths[col.field];
    return width ? { ...col, width, flex: undefined } : col;
  });
}

export function visibilityOf(layout: GridLayout): GridColumnVisibilityModel {
  return Object.fromEntries(layout.hidden.map((field) => [field, false]));
}

export function useGridLayout(key: string, fallback: GridLayout) {
  const { t } = useTranslation();
  const toast = useToast();
  const session = useSession();
  // Read once: later user reloads (ours included) must not undo what the user is arranging.
  const [layout, setLayoutState] = useState<GridLayout>(() => readLayout(session.user?.preferences, key, fallback));
  const timer = useRef<number | undefined>(undefined);
  const sessionRef = useRef(session);
  sessionRef.current = session;

  const save = useCallback(
    (next: GridLayout) => {
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => {
        const { user, reloadUser } = sessionRef.current;
        if (!user) return;
        const grids = { ...storedGrids(user.preferences), [key]: next };
        http
          .post('/preferences/update-or-create', { type: 'preferences', data: { preferences: { grids }, version: GRIDS_VERSION } })
          .then(() => reloadUser())
          .catch((error: unknown) => {
            if (!isHttpError(error, 401)) toast.error(t('status.couldNotUpdate', { item: t('items.preferences') }));
          });
      }, SAVE_DELAY_MS);
    },
    [key, toast, t],
  );

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const setLayout = useCallback(
    (update: (current: GridLayout) => GridLayout) => {
      setLayoutState((current) => {
        const next = update(current);
        save(next);
        return next;
      });
    },
    [save],
  );

  return {
    layout,
    setLayout,
    setVisibility: (model: GridColumnVisibilityModel) =>
      setLayout((l) => ({ ...l, hidden: Object.entries(model).filter(([, visible]) => !visible).map(([field]) => field) })),
    setWidth: (field: string, width: number) => setLayout((l) => ({ ...l, widths: { ...l.widths, [field]: Math.round(width) } })),
    reset: () => setLayout(() => fallback),
  };
}
