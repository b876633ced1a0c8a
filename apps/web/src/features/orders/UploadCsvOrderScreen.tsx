import { useTranslation } from 'react-i18next';
import { Box, Paper, Stack, Typography } from '@mui/material';
import { ImportOrdersBody } from './ImportOrders';

/** /iframes/upload-csv-order: the orders CSV upload alone (blank layout), for embedding in another page. */
export function UploadCsvOrderScreen() {
  const { t } = useTranslation('orders');
  return (
    <Box component="main" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 960, mx: 'auto' }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
          {t('import.title')}
        </Typography>
        <ImportOrdersBody
          linkTarget="_top"
          frame={(content, actions) => (
            <>
              {content}
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 3 }}>
                {actions}
              </Stack>
            </>
          )}
        />
      </Paper>
    </Box>
  );
}
