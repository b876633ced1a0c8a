import { useState } from 'react';
import { Chip, Collapse, Divider, List, ListItemButton, ListItemIcon, ListItemText, Tooltip } from '@mui/material';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Link as RouterLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { flattenMenu, truncateTitle, type MenuEntry } from '../../shared/navigation/menus';
import { MENU_ICONS } from '../../shared/navigation/menu-icons';

interface NavProps {
  entries: MenuEntry[];
  collapsed: boolean;
  /** Tooltips open towards the content: right in left-to-right, left in right-to-left. */
  rtl: boolean;
  onNavigate?: () => void;
}

function isActive(entry: MenuEntry, pathname: string, search: string): boolean {
  if (!entry.path) return false;
  const [path, query] = entry.path.split('?');
  if (query !== undefined) return pathname === path && search === `?${query}`;
  // The "New" entries share their list's path plus ?create=true; the list entry yields to them.
  if (entry.exact) return pathname.toLowerCase() === (path ?? '').toLowerCase() && !search.includes('create=true');
  return pathname.startsWith(path ?? '');
}

function containsActive(entry: MenuEntry, pathname: string, search: string): boolean {
  return isActive(entry, pathname, search) || (entry.items ?? []).some((item) => containsActive(item, pathname, search));
}

function NavItem({ entry, collapsed, depth, rtl, onNavigate }: { entry: MenuEntry; collapsed: boolean; depth: number; rtl: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const full = entry.text ?? t(entry.title);
  const { text, truncated } = truncateTitle(full);
  const active = isActive(entry, pathname, search);
  const Icon = entry.icon ? MENU_ICONS[entry.icon] : undefined;
  const button = (
    <ListItemButton
      component={RouterLink}
      to={entry.path ?? '#'}
      selected={active}
      aria-current={active ? 'page' : undefined}
      aria-label={collapsed || truncated ? full : undefined}
      onClick={onNavigate}
      sx={{ paddingInlineStart: collapsed ? 2.5 : 2 + depth * 1.5 }}
    >
      {Icon && (
        <ListItemIcon>
          <Icon fontSize="small" />
        </ListItemIcon>
      )}
      {!collapsed && <ListItemText primary={text} slotProps={{ primary: { noWrap: true, fontSize: 14 } }} />}
      {!collapsed && entry.label === 'New' && <Chip label={t('menu.new')} size="small" color="primary" sx={{ height: 20, fontSize: 11 }} />}
    </ListItemButton>
  );
  return collapsed || truncated ? (
    <Tooltip title={full} placement={rtl ? 'left' : 'right'}>
      {button}
    </Tooltip>
  ) : (
    button
  );
}

function NavGroup({ entry, rtl, onNavigate }: { entry: MenuEntry; rtl: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const [open, setOpen] = useState(() => containsActive(entry, pathname, search));
  const Icon = entry.icon ? MENU_ICONS[entry.icon] : undefined;
  const id = `nav-group-${entry.title.replace(/\W/g, '-')}`;
  const title = t(entry.title);
  return (
    <>
      <ListItemButton onClick={() => setOpen((o) => !o)} aria-expanded={open} aria-controls={id}>
        {Icon && (
          <ListItemIcon>
            <Icon fontSize="small" />
          </ListItemIcon>
        )}
        <ListItemText primary={truncateTitle(title).text} slotProps={{ primary: { noWrap: true, fontSize: 14, fontWeight: 600 } }} />
        {open ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
      </ListItemButton>
      <Collapse in={open} timeout="auto" unmountOnExit id={id}>
        <List disablePadding>
          {(entry.items ?? []).map((item) => (
            <NavItem key={item.path ?? item.title} entry={item} collapsed={false} depth={1} rtl={rtl} onNavigate={onNavigate} />
          ))}
        </List>
      </Collapse>
    </>
  );
}

/** The role menu: groups expand in place; a collapsed sidebar shows every entry as an icon with a tooltip. */
export function SidebarNav({ entries, collapsed, rtl, onNavigate }: NavProps) {
  if (collapsed) {
    return (
      <List>
        {entries.map((entry, index) => (
          <div key={entry.path ?? entry.title}>
            {entry.items && index > 0 && <Divider sx={{ my: 0.5, borderColor: 'inherit', opacity: 0.15 }} />}
            {(entry.items ? flattenMenu(entry.items) : [entry]).map((leaf) => (
              <NavItem key={leaf.path ?? leaf.title} entry={leaf} collapsed depth={0} rtl={rtl} onNavigate={onNavigate} />
            ))}
          </div>
        ))}
      </List>
    );
  }
  return (
    <List>
      {entries.map((entry) =>
        entry.items ? (
          <NavGroup key={entry.title} entry={entry} rtl={rtl} onNavigate={onNavigate} />
        ) : (
          <NavItem key={entry.path ?? entry.title} entry={entry} collapsed={false} depth={0} rtl={rtl} onNavigate={onNavigate} />
        ),
      )}
    </List>
  );
}
