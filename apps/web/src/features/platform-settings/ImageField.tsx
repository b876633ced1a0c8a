import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Box, Button, FormHelperText, Stack, Typography } from '@mui/material';
import { LOGIN_IMAGE_TYPES } from '@omnio/domain';

/** Reads a picked file as a data: URL, refusing other types and larger files before anything is sent. */
export async function readImage(file: File, maxBytes: number): Promise<{ dataUrl: string } | { error: 'type' | 'size' }> {
  if (!(LOGIN_IMAGE_TYPES as readonly string[]).includes(file.type)) return { error: 'type' };
  if (file.size > maxBytes) return { error: 'size' };
  const dataUrl = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
  return { dataUrl };
}

interface ImageFieldProps {
  label: string;
  /** What is shown now: the stored image's URL, the picked data: URL, or null. */
  src: string | null;
  maxBytes: number;
  onPick(dataUrl: string): void;
  onRemove(): void;
  /** A server-side error for the field. */
  error?: string;
}

/** Upload or remove one image of the login page, with a thumbnail. */
export function ImageField({ label, src, maxBytes, onPick, onRemove, error }: ImageFieldProps) {
  const { t } = useTranslation('platformSettings');
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const [localError, setLocalError] = useState<string | null>(null);
  const kb = Math.round(maxBytes / 1024);
  const message = localError ?? error;

  return (
    <Box>
      <Typography variant="subtitle2" component="p" id={`${id}-label`} sx={{ mb: 1 }}>
        {label}
      </Typography>
      <Stack direction="row" spacing={2} alignItems="center">
        <Box
          sx={{ width: 96, height: 56, border: 1, borderColor: 'divider', borderRadius: 1, display: 'grid', placeItems: 'center', overflow: 'hidden', bgcolor: 'action.hover', flexShrink: 0 }}
        >
          {src ? (
            <Box component="img" src={src} alt={label} sx={{ maxWidth: '100%', maxHeight: '100%' }} />
          ) : (
            <Typography variant="caption" color="text.secondary">
              {t('login.fields.noImage')}
            </Typography>
          )}
        </Box>
        <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
          <Button variant="outlined" size="small" onClick={() => input.current?.click()} aria-describedby={`${id}-label`}>
            {t('login.fields.upload')}
          </Button>
          {src && (
            <Button size="small" color="inherit" onClick={() => { setLocalError(null); onRemove(); }} aria-describedby={`${id}-label`}>
              {t('login.fields.remove')}
            </Button>
          )}
        </Stack>
        <input
          ref={input}
          type="file"
          hidden
          accept={LOGIN_IMAGE_TYPES.join(',')}
          data-testid={`${label}-file`}
          onChange={async (e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (!file) return;
            const read = await readImage(file, maxBytes);
            if ('error' in read) setLocalError(read.error === 'size' ? t('login.fields.imageTooBig', { kb }) : t('login.fields.imageType'));
            else {
              setLocalError(null);
              onPick(read.dataUrl);
            }
          }}
        />
      </Stack>
      <FormHelperText error={Boolean(message)}>{message ?? t('login.fields.imageHelp', { kb })}</FormHelperText>
    </Box>
  );
}
