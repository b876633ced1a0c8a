import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Box, Button, Paper, Popper, Stack, Typography } from '@mui/material';
import { useSession } from '../../shared/session/useSession';
import { readTour, saveTour, TOUR_DELAY_MS, tourPending, WELCOME_TOUR } from './tour-preference';

/** The shell's parts the tour points at (data-tour on each), in order; a part not shown (the sidebar on a phone) is left out. */
const STEPS = ['sidebar', 'search', 'bell', 'language', 'customizer', 'account'] as const;

function anchorOf(step: string): HTMLElement | null {
  const all = [...document.querySelectorAll<HTMLElement>(`[data-tour="${step}"]`)];
  return all.find((el) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  }) ?? null;
}

/**
 * The welcome tour (issue 24; spec 2: it starts 1 s after the shell, when the user's `tour` preference is enabled).
 * Not modal: the page stays usable and nothing takes the focus; it comes first in the tab order, Escape skips it.
 * Finishing or skipping is remembered in the preference, on every device.
 */
export function UserTour() {
  const { t } = useTranslation('tour');
  const { user, reloadUser } = useSession();
  const tour = useMemo(() => readTour(user?.preferences?.tour), [user?.preferences?.tour]);
  const pending = tourPending(tour);
  const [ready, setReady] = useState(false);
  const [index, setIndex] = useState(0);
  const [closed, setClosed] = useState(false);

  useEffect(() => {
    if (!pending) return undefined;
    setClosed(false);
    setIndex(0);
    const timer = window.setTimeout(() => setReady(true), TOUR_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [pending]);

  const steps = useMemo(() => (ready ? STEPS.filter((s) => anchorOf(s) !== null) : []), [ready]);
  const open = pending && ready && !closed && steps.length > 0;

  const finish = useCallback(() => {
    setClosed(true);
    setReady(false);
    void saveTour({ enabled: tour.enabled, done: [...new Set([...tour.done, WELCOME_TOUR])] }).then(() => reloadUser()).catch(() => undefined);
  }, [tour, reloadUser]);

  useEffect(() => {
    if (!open) return undefined;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') finish();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, finish]);

  if (!open) return null;
  const at = Math.min(index, steps.length - 1);
  const step = steps[at]!;
  const last = at === steps.length - 1;
  return (
    <Popper
      open
      anchorEl={anchorOf(step)}
      // The sidebar is as tall as the window: beside it; the header's buttons: below them.
      placement={step === 'sidebar' ? 'right-start' : 'bottom'}
      disablePortal
      modifiers={[{ name: 'offset', options: { offset: step === 'sidebar' ? [96, 12] : [0, 12] } }, { name: 'preventOverflow', options: { padding: 8 } }, { name: 'flip', enabled: true }]}
      sx={{ zIndex: (z) => z.zIndex.appBar + 2 }}
    >
      <Paper
        role="dialog"
        aria-modal="false"
        aria-label={t('label')}
        aria-describedby="tour-step-body"
        data-testid="user-tour"
        data-step={step}
        elevation={8}
        sx={{ p: 2, width: 320, maxWidth: 'calc(100vw - 16px)', borderTop: 3, borderColor: 'primary.main' }}
      >
        <Typography variant="overline" color="text.secondary">{t('progress', { step: at + 1, count: steps.length })}</Typography>
        <Typography variant="subtitle1" component="h2" fontWeight={700}>{t(`steps.${step}.title`)}</Typography>
        <Typography id="tour-step-body" variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>{t(`steps.${step}.body`)}</Typography>
        <Stack direction="row" spacing={1} sx={{ mt: 2, alignItems: 'center' }}>
          <Button size="small" color="inherit" onClick={finish}>{t('skip')}</Button>
          <Box sx={{ flex: 1 }} />
          {at > 0 && <Button size="small" onClick={() => setIndex(at - 1)}>{t('back')}</Button>}
          <Button size="small" variant="contained" onClick={() => (last ? finish() : setIndex(at + 1))}>{t(last ? 'done' : 'next')}</Button>
        </Stack>
      </Paper>
    </Popper>
  );
}
