import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { pathOf } from '../../shared/routing/routes-table';
import { isHttpError } from '../../shared/api/http';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { ErrorState, LoadingState } from '../../shared/ui/StateViews';
import { useToast } from '../../shared/ui/toast';
import {
  createBrand, isConfirmationRequired, useAllBrands, useAllCategories, useProduct, useSaveProduct, type Named,
  type Product, type ProductBody,
} from './api';
import { ProductForm } from './ProductForm';
import { toProductBody, type ProductFormValues } from './schemas';

export function ProductCreatePage() {
  return <ProductEditor productId={undefined} />;
}

export function ProductEditPage() {
  const { id } = useParams<{ id: string }>();
  return <ProductEditor productId={id} />;
}

/** The brand typed in the form as an id: an existing brand by name, or a new one. */
async function resolveBrand(name: string, brands: Named[]): Promise<string | null> {
  const wanted = name.trim();
  if (!wanted) return null;
  const existing = brands.find((b) => b.name.toLowerCase() === wanted.toLowerCase());
  return existing ? existing.id : (await createBrand(wanted)).id;
}

function ProductEditor({ productId }: { productId: string | undefined }) {
  const { t } = useTranslation('catalog');
  const navigate = useNavigate();
  const toast = useToast();
  const editing = productId !== undefined;
  const product = useProduct(productId);
  const categories = useAllCategories();
  const brands = useAllBrands();
  const save = useSaveProduct();
  // A 409 CONFIRMATION_REQUIRED keeps the body to resend with confirm: true.
  const [pending, setPending] = useState<ProductBody | null>(null);

  const persist = async (body: ProductBody) => {
    const saved = await save.mutateAsync({ id: productId, body });
    toast.success(t(editing ? 'notices.productUpdated' : 'notices.productCreated', { name: saved.name ?? body.name }));
    void navigate(pathOf('product-show', { id: saved.id ?? productId ?? '' }));
  };

  const onSubmit = async (values: ProductFormValues) => {
    const brandId = await resolveBrand(values.brand, brands.data ?? []);
    const body = toProductBody(values, brandId, editing);
    try {
      await persist(body);
    } catch (error) {
      if (isConfirmationRequired(error)) {
        setPending(body);
        return;
      }
      throw error;
    }
  };

  const back = editing ? pathOf('product-show', { id: productId }) : pathOf('inventory');
  const title = editing ? t('product.editTitle', { name: product.data?.name ?? '' }) : t('product.createTitle');

  let body;
  // The brand list must be known before saving: a typed name that matches none creates a brand.
  if ((editing && product.isPending) || categories.isPending || brands.isPending) {
    body = <LoadingState />;
  } else if (editing && product.isError) {
    body = (
      <ErrorState
        message={isHttpError(product.error, 404) ? t('product.notFound') : `${t('errors.loadProduct')}: ${product.error.message}`}
        onRetry={() => void product.refetch()}
      />
    );
  } else {
    body = (
      <>
        {categories.isError && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {t('errors.loadCategories')}: {categories.error.message}
          </Alert>
        )}
        <ProductForm
          product={product.data ?? null}
          categories={withCurrent(categories.data ?? [], product.data)}
          brands={brands.data ?? []}
          submitLabel={editing ? t('actions.saveProduct') : t('actions.createSubmit')}
          failure={t(editing ? 'errors.updateProduct' : 'errors.createProduct')}
          onSubmit={onSubmit}
          onCancel={() => void navigate(back)}
        />
      </>
    );
  }

  return (
    <Box sx={{ maxWidth: 1100, minWidth: 0 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, gap: 1 }}>
        <Typography variant="h5" component="h1" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        <Button component={RouterLink} to={back} startIcon={<ArrowBack />} sx={{ flexShrink: 0 }}>
          {t('actions.back')}
        </Button>
      </Stack>
      {body}
      <ConfirmDialog
        open={pending !== null}
        title={t('product.confirmChange.title')}
        message={t('product.confirmChange.message')}
        confirmLabel={t('product.confirmChange.confirm')}
        errorPrefix={t(editing ? 'errors.updateProduct' : 'errors.createProduct')}
        onClose={() => setPending(null)}
        onConfirm={async () => {
          if (pending) await persist({ ...pending, confirm: true });
        }}
      />
    </Box>
  );
}

/** The product's category stays selectable even when the category list could not be read. */
function withCurrent(categories: Named[], product: Product | undefined): Named[] {
  const current = product?.category;
  if (!current || categories.some((c) => c.id === current.id)) return categories;
  return [...categories, { id: current.id, name: current.name }];
}
