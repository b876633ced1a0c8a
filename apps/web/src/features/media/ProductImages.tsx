import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Box, Button, IconButton, Paper, Skeleton, Stack, Typography } from '@mui/material';
import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import BrokenImageOutlined from '@mui/icons-material/BrokenImageOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { isHttpError } from '../../shared/api/http';
import { useSession } from '../../shared/session/useSession';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { errorText } from '../../shared/ui/form-helpers';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/StateViews';
import { useToast } from '../../shared/ui/toast';
import {
  IMAGE_TYPES, MAX_IMAGE_BYTES, useDeleteMedia, useMediaList, useMediaObjectUrl, useUploadMedia, type Media, type MediaOwner,
} from './api';

/**
 * The images of a product (media of type product in the active company): thumbnails for whoever may
 * read the product, upload and remove for whoever may update it.
 */
export function ProductImages({ productId }: { productId: string }) {
  const { t } = useTranslation('media');
  const session = useSession();
  const toast = useToast();
  const tenantId = session.company?.id ?? null;
  const owner = useMemo<MediaOwner | null>(
    () => (tenantId ? { tenantId, mediableType: 'product', mediableId: productId } : null),
    [tenantId, productId],
  );
  const list = useMediaList(owner);
  const upload = useUploadMedia(owner);
  const remove = useDeleteMedia(owner);
  const inputRef = useRef<HTMLInputElement>(null);
  const [removing, setRemoving] = useState<Media | null>(null);
  const canEdit = session.can('update-product');

  if (!owner) return null;

  const send = async (files: File[]) => {
    for (const file of files) {
      if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) {
        toast.error(t('errors.notImage', { name: file.name }), t('errors.save'));
        continue;
      }
      if (file.size > MAX_IMAGE_BYTES) {
        toast.error(t('errors.tooLarge', { name: file.name }), t('errors.save'));
        continue;
      }
      try {
        await upload.mutateAsync(file);
        toast.success(t('notices.saved'));
      } catch (error) {
        // A 401 that survived the refresh signs the user out; no toast for that (spec 8).
        if (!isHttpError(error, 401)) toast.error(errorText(error), t('errors.save'));
      }
    }
  };

  const body = () => {
    if (list.isPending) return <LoadingState minHeight={120} />;
    if (list.isError) return <ErrorState message={`${t('errors.load')}: ${list.error.message}`} onRetry={() => void list.refetch()} />;
    if (list.data.length === 0) return <EmptyState message={t('images.empty')} />;
    return (
      <Box
        component="ul"
        aria-label={t('images.listLabel')}
        sx={{
          listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5,
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(auto-fill, minmax(160px, 1fr))' },
        }}
      >
        {list.data.map((media) => (
          <Box component="li" key={media.id} sx={{ minWidth: 0 }}>
            <ImageTile media={media} onRemove={canEdit ? () => setRemoving(media) : undefined} />
          </Box>
        ))}
      </Box>
    );
  };

  return (
    <Box component="section" aria-labelledby={`images-${productId}`} sx={{ mt: 3 }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1.5 }}>
        <Typography id={`images-${productId}`} variant="h6" component="h2" sx={{ flex: 1 }}>
          {t('images.title')}
        </Typography>
        {canEdit && (
          <>
            <input
              ref={inputRef}
              type="file"
              accept={IMAGE_TYPES.join(',')}
              multiple
              hidden
              data-testid="product-image-input"
              onChange={(e) => {
                const files = Array.from(e.target.files ?? []);
                e.target.value = '';
                void send(files);
              }}
            />
            <Button variant="outlined" startIcon={<AddPhotoAlternateOutlined />} loading={upload.isPending} loadingPosition="start" onClick={() => inputRef.current?.click()}>
              {upload.isPending ? t('images.uploading') : t('images.upload')}
            </Button>
          </>
        )}
      </Stack>
      {canEdit && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {t('images.help')}
        </Typography>
      )}
      {body()}
      <ConfirmDialog
        open={removing !== null}
        title={t('confirm.title')}
        message={t('confirm.message', { name: removing?.file_name ?? '' })}
        confirmLabel={t('confirm.action')}
        destructive
        errorPrefix={t('errors.remove')}
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          if (!removing) return;
          await remove.mutateAsync(removing);
          toast.success(t('notices.removed'));
        }}
      />
    </Box>
  );
}

function ImageTile({ media, onRemove }: { media: Media; onRemove?: () => void }) {
  const { t } = useTranslation('media');
  const { src, isError } = useMediaObjectUrl(media);
  return (
    <Paper variant="outlined" component="figure" sx={{ m: 0, overflow: 'hidden' }}>
      <Box sx={{ aspectRatio: '1 / 1', bgcolor: 'action.hover', display: 'grid', placeItems: 'center' }}>
        {src ? (
          <Box component="img" src={src} alt={media.file_name} sx={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }} />
        ) : isError ? (
          <Stack sx={{ alignItems: 'center', gap: 0.5, color: 'text.secondary', p: 1, textAlign: 'center' }}>
            <BrokenImageOutlined aria-hidden />
            <Typography variant="caption">{t('images.thumbnailFailed')}</Typography>
          </Stack>
        ) : (
          <Skeleton variant="rectangular" width="100%" height="100%" aria-label={media.file_name} />
        )}
      </Box>
      <Stack component="figcaption" direction="row" sx={{ alignItems: 'center', gap: 0.5, pl: 1.25, pr: 0.5, py: 0.5 }}>
        <Typography variant="body2" noWrap title={media.file_name} sx={{ flex: 1, minWidth: 0 }}>
          {media.file_name}
        </Typography>
        {onRemove && (
          <IconButton size="small" aria-label={t('images.remove', { name: media.file_name })} onClick={onRemove}>
            <DeleteOutline fontSize="small" />
          </IconButton>
        )}
      </Stack>
    </Paper>
  );
}
