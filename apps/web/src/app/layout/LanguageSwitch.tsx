import { useState, type MouseEvent } from 'react';
import { Box, Button, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import TranslateIcon from '@mui/icons-material/Translate';
import { useTranslation } from 'react-i18next';
import { http, isHttpError } from '../../shared/api/http';
import { changeUiLanguage } from '../../shared/i18n/i18n';
import { LANGUAGE_OPTIONS, isUiLanguage, type LanguageOption } from '../../shared/i18n/languages';
import { useSession } from '../../shared/session/useSession';
import { toast } from '../../shared/ui/toast';

/**
 * Header language menu. English and Spanish are saved on the user (PUT /users/{id}, then the user is
 * reloaded); Hebrew and Arabic only switch this browser to right-to-left with English strings.
 */
export function LanguageSwitch({ color = 'inherit' }: { color?: string }) {
  const { t, i18n } = useTranslation();
  const { user, reloadUser } = useSession();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = LANGUAGE_OPTIONS.find((o) => o.locale === i18n.language) ?? LANGUAGE_OPTIONS[0];

  const choose = async (option: LanguageOption) => {
    setAnchor(null);
    const previous = isUiLanguage(i18n.language) ? i18n.language : 'en';
    await changeUiLanguage(option.locale);
    if (!user || !option.server || option.server === user.language) return;
    try {
      await http.put(`/users/${encodeURIComponent(user.id)}`, { language: option.server });
      await reloadUser();
    } catch (error) {
      await changeUiLanguage(previous);
      if (!isHttpError(error, 401)) toast.error(t('status.couldNotUpdate', { item: t('items.language') }));
    }
  };

  return (
    <>
      <Button
        onClick={(e: MouseEvent<HTMLElement>) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
        data-tour="language"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? 'language-menu' : undefined}
        aria-label={`${t('layout.changeLanguage')}: ${current?.nativeName ?? ''}`}
        sx={{ color, minWidth: 0, px: 1.25, gap: 0.75, fontWeight: 600 }}
      >
        <TranslateIcon fontSize="small" />
        <Box component="span" sx={{ textTransform: 'uppercase' }}>
          {current?.locale}
        </Box>
      </Button>
      <Menu id="language-menu" anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {LANGUAGE_OPTIONS.map((option) => (
          <MenuItem
            key={option.locale}
            selected={option.locale === current?.locale}
            onClick={() => void choose(option)}
            lang={option.locale}
          >
            <ListItemIcon sx={{ fontSize: 20 }} aria-hidden>
              {option.flag}
            </ListItemIcon>
            <ListItemText primary={option.nativeName} secondary={t(`languages.${option.locale}`)} />
            {option.locale === current?.locale && <CheckIcon fontSize="small" sx={{ marginInlineStart: 2 }} aria-hidden />}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
