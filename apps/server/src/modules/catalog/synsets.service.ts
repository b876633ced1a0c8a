import { and, eq } from 'drizzle-orm';
import type { Paginated, TListQuery, TSynsetCreate, TSynsetUpdate } from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { withTenant } from '../../platform/db/tenant';
import type { TenantCtx } from '../../platform/http/context';
import { assertId, notFound } from '../../platform/http/errors';
import { skus } from './catalog.tables';
import { loadSkuDto, type SkuDto } from './skus.read';
import { listSkus } from './skus.service';
import { insertSku, updateSku } from './skus.write';

/**
 * Synsets are SKUs of type SYNSET: one inventory pool that its member SKUs share across channels. These
 * endpoints are the synset screen's view of them; /skus serves them too.
 */

export function listSynsets(ctx: TenantCtx, query: TListQuery): Promise<Paginated<SkuDto>> {
  return listSkus(ctx, query, [eq(skus.type, 'SYNSET')]);
}

async function answer(tx: Tx, ctx: TenantCtx, id: string): Promise<SkuDto> {
  const dto = await loadSkuDto(tx, ctx.principal.permissions, id);
  if (!dto || dto.type !== 'SYNSET') throw notFound('Synset');
  return dto;
}

export async function getSynset(ctx: TenantCtx, idParam: string): Promise<SkuDto> {
  const id = assertId(idParam, 'Synset');
  return withTenant(ctx, (tx) => answer(tx, ctx, id));
}

/** Members that hold stock bring it into the pool in the same transaction (ledger, reason synset_merge). */
export async function createSynset(ctx: TenantCtx, input: TSynsetCreate): Promise<SkuDto> {
  return withTenant(ctx, async (tx) => answer(tx, ctx, await insertSku(tx, ctx, { ...input, type: 'SYNSET' })));
}

export async function updateSynset(ctx: TenantCtx, idParam: string, input: TSynsetUpdate): Promise<SkuDto> {
  const id = assertId(idParam, 'Synset');
  return withTenant(ctx, async (tx) => {
    const [row] = await tx.select().from(skus).where(and(eq(skus.id, id), eq(skus.type, 'SYNSET'))).for('update').limit(1);
    if (!row) throw notFound('Synset');
    await updateSku(tx, ctx, row, input);
    return answer(tx, ctx, id);
  });
}
