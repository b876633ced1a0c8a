import { and, asc, count, eq, ilike, ne, sql, type SQL } from 'drizzle-orm';
import {
  MAPPER_FILE_TYPES, MAPPER_NAME_TAKEN, MAPPER_NEEDS_SAMPLE, MAPPER_TYPES, paginate, ZTenantMapperDefinition,
  type MapperDto, type MapperFileType, type MapperListItemDto, type MapperPreviewResultDto, type MapperSampleChangeDto, type MapperType,
  type Paginated, type TListQuery, type TMapperCreate, type TMapperFromTemplate, type TMapperPreviewRequest, type TMapperSampleCreate,
  type TMapperUpdate, type TTenantMapperDefinition,
} from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { containsPattern, offsetOf, orderByClause, searchOf, uuidOrNone } from '../../platform/db/list-query';
import { queryRows } from '../../platform/db/rows';
import { withTenant } from '../../platform/db/tenant';
import type { TenantCtx } from '../../platform/http/context';
import { assertId, DomainError, fieldError, notFound } from '../../platform/http/errors';
import { mapperTemplates } from '../templates/templates.tables';
import { assertCompiles, diffOutputs, evaluateMapper, guardFailure, MapperGuardError, type MapperEvalOptions, type MapperResult } from './mapper-engine';
import { mapperInput } from './mapper-input';
import { mappers, mapperSamples } from './mappers.tables';

/**
 * A tenant's mappers and their sample files (spec 3 "Mappers"). Saving a new definition re-runs every sample
 * with the old and the new one and answers what moved, field by field: what onboarding a partner needs.
 */

/** Samples are tried on every save; a handful covers a partner's variants. */
export const MAX_SAMPLES_PER_MAPPER = 10;
/** The whole re-run of a save, old and new definitions over every sample. */
const SAVE_RUN_MS = 15_000;

type MapperRow = typeof mappers.$inferSelect;
type SampleRow = typeof mapperSamples.$inferSelect;

const baseView = (r: MapperRow) => ({
  id: r.id, name: r.name, type: r.type as MapperType, file_type: r.fileType as MapperFileType, description: r.description,
  process_id: r.processId, template_id: r.templateId, definition: r.definition as TTenantMapperDefinition,
  created_at: r.createdAt.toISOString(), updated_at: r.updatedAt.toISOString(),
});

const sampleView = (s: SampleRow) => ({
  id: s.id, name: s.name, content: s.content, output: s.output ?? null, error: s.error, updated_at: s.updatedAt.toISOString(),
});

async function load(tx: Tx, id: string, lock = false): Promise<MapperDto> {
  const q = tx.select().from(mappers).where(eq(mappers.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound('Mapper');
  const samples = await tx.select().from(mapperSamples).where(eq(mapperSamples.mapperId, id)).orderBy(asc(mapperSamples.createdAt), asc(mapperSamples.id));
  return { ...baseView(row), samples: samples.map(sampleView) };
}

const ORDER = { name: mappers.nameKey, type: mappers.type, file_type: mappers.fileType, created_at: mappers.createdAt, updated_at: mappers.updatedAt };

/** search: bare text (name), or `type:ORDER;file_type:csv;process_id:<id>;name:...`. Default order: name. */
export async function listMappers(ctx: TenantCtx, query: TListQuery): Promise<Paginated<MapperListItemDto>> {
  const { fields, text } = searchOf(query);
  const where: SQL[] = [];
  if (fields.type) {
    const type = fields.type.toUpperCase();
    if (!(MAPPER_TYPES as readonly string[]).includes(type)) throw fieldError('search', `Unknown mapper type ${fields.type}`);
    where.push(eq(mappers.type, type));
  }
  if (fields.file_type) {
    const fileType = fields.file_type.toLowerCase();
    if (!(MAPPER_FILE_TYPES as readonly string[]).includes(fileType)) throw fieldError('search', `Unknown file type ${fields.file_type}`);
    where.push(eq(mappers.fileType, fileType));
  }
  if (fields.process_id) where.push(eq(mappers.processId, uuidOrNone(fields.process_id)));
  const words = fields.name ?? text;
  if (words) where.push(ilike(mappers.name, containsPattern(words)));
  const condition = where.length ? and(...where) : undefined;
  const { order } = orderByClause(query, ORDER, 'name', 'ASC');
  return withTenant(ctx, async (tx) => {
    const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(mappers).where(condition);
    // Spelled out: Drizzle writes the outer columns unqualified, which inside the subquery would name the sample's own.
    const samplesCount = sql<number>`(SELECT count(*)::int FROM mapper_samples s WHERE s.tenant_id = mappers.tenant_id AND s.mapper_id = mappers.id)`;
    const rows = await tx.select({ row: mappers, samples: samplesCount }).from(mappers).where(condition)
      .orderBy(order, asc(mappers.id)).limit(query.per_page).offset(offsetOf(query));
    return paginate(rows.map((r) => ({ ...baseView(r.row), samples_count: Number(r.samples) })), Number(total), query.page, query.per_page);
  });
}

export async function getMapper(ctx: TenantCtx, idParam: string): Promise<MapperDto> {
  const id = assertId(idParam, 'Mapper');
  return withTenant(ctx, (tx) => load(tx, id));
}

async function assertNameFree(tx: Tx, name: string, exceptId?: string): Promise<void> {
  const same = and(eq(mappers.nameKey, name.toLowerCase()), exceptId ? ne(mappers.id, exceptId) : undefined);
  const [row] = await tx.select({ id: mappers.id }).from(mappers).where(same).limit(1);
  if (row) throw fieldError('name', MAPPER_NAME_TAKEN);
}

/** A connection of this tenant, and no other mapper of the type on it. */
async function assertProcessFree(tx: Tx, processId: string, type: string, exceptId: string): Promise<void> {
  const [process] = await queryRows<{ id: string }>(tx, sql`SELECT id FROM processes WHERE id = ${processId} LIMIT 1`);
  if (!process) throw fieldError('process_id', 'Choose one of your connections');
  const [other] = await tx.select({ id: mappers.id }).from(mappers)
    .where(and(eq(mappers.processId, processId), eq(mappers.type, type), ne(mappers.id, exceptId))).limit(1);
  if (other) throw fieldError('process_id', `This connection already has a ${type} mapper`);
}

/** A concurrent write that won a unique index answers the pre-check's 422. */
async function mapRaces<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    const e = err as { code?: unknown; constraint?: unknown; message?: unknown };
    const on = (name: string) => e.constraint === name || (typeof e.message === 'string' && e.message.includes(name));
    if (e.code === '23505' && on('mappers_name_key')) throw fieldError('name', MAPPER_NAME_TAKEN);
    if (e.code === '23505' && on('mappers_process_type_key')) throw fieldError('process_id', 'This connection already has a mapper of this type');
    throw err;
  }
}

/* ------------------------------------------------------------------ running */

interface SampleRun {
  output: Record<string, unknown>[] | null;
  error: string | null;
}

const summary = (result: MapperResult): string | null => {
  if (!result.errors.length) return null;
  const first = result.errors.slice(0, 3).map((e) => (e.record === null ? e.message : `record ${e.record + 1}${e.target ? `, ${e.target}` : ''}: ${e.message}`));
  return result.errors.length > 3 ? `${first.join('; ')}; and ${result.errors.length - 3} more` : first.join('; ');
};

/**
 * One sample through one definition. A sample that cannot be read, or a record problem, is the sample's
 * error; a runaway expression throws MapperGuardError (the definition is at fault, not the sample).
 */
async function runSample(definition: TTenantMapperDefinition, fileType: MapperFileType, content: string, options: MapperEvalOptions = {}): Promise<SampleRun> {
  let input: unknown;
  try {
    input = await mapperInput(fileType, content);
  } catch (err) {
    if (err instanceof DomainError) return { output: null, error: err.message };
    throw err;
  }
  const result = await evaluateMapper(definition, input, options);
  return { output: result.records, error: summary(result) };
}

/** Runs a definition over a document; a runaway expression is a 422 on the definition. For the EDI module too. */
export async function applyMapper(definition: TTenantMapperDefinition, input: unknown, options: MapperEvalOptions = {}): Promise<MapperResult> {
  try {
    return await evaluateMapper(definition, input, options);
  } catch (err) {
    if (err instanceof MapperGuardError) throw guardFailure(err);
    throw err;
  }
}

/**
 * The mapper a partner connection uses for a document type, for the EDI module (tx: its tenant transaction).
 * Its definition is re-checked, so a row written before a rule change cannot run unchecked.
 */
export async function mapperFor(tx: Tx, processId: string, type: MapperType): Promise<{ id: string; definition: TTenantMapperDefinition } | null> {
  const [row] = await tx.select({ id: mappers.id, definition: mappers.definition }).from(mappers)
    .where(and(eq(mappers.processId, processId), eq(mappers.type, type))).limit(1);
  if (!row) return null;
  const parsed = ZTenantMapperDefinition.safeParse(row.definition);
  return parsed.success ? { id: row.id, definition: parsed.data } : null;
}

/** The editor's Preview: nothing is saved. */
export async function previewMapper(_ctx: TenantCtx, input: TMapperPreviewRequest): Promise<MapperPreviewResultDto> {
  assertCompiles(input.definition);
  const document = await mapperInput(input.file_type, input.content);
  return applyMapper(input.definition, document);
}

/* ------------------------------------------------------------------ writes */

export async function createMapper(ctx: TenantCtx, input: TMapperCreate): Promise<MapperDto> {
  assertCompiles(input.definition);
  return mapRaces(() =>
    withTenant(ctx, async (tx) => {
      await assertNameFree(tx, input.name);
      const [row] = await tx.insert(mappers).values({
        tenantId: ctx.tenantId, name: input.name, type: input.type, fileType: input.file_type, description: input.description, definition: input.definition,
      }).returning({ id: mappers.id });
      return load(tx, row!.id);
    }),
  );
}

/** A copy of a platform template: its definition as it is, checked as a tenant's. */
export async function createMapperFromTemplate(ctx: TenantCtx, templateIdParam: string, input: TMapperFromTemplate): Promise<MapperDto> {
  const templateId = assertId(templateIdParam, 'Mapper template');
  return mapRaces(() =>
    withTenant(ctx, async (tx) => {
      const [template] = await tx.select().from(mapperTemplates).where(eq(mapperTemplates.id, templateId)).limit(1);
      if (!template) throw notFound('Mapper template');
      const definition = ZTenantMapperDefinition.safeParse(template.definition);
      if (!definition.success) throw fieldError('definition', `The template's definition cannot be used: ${definition.error.issues[0]?.message ?? 'invalid'}`);
      assertCompiles(definition.data);
      const name = input.name ?? template.name;
      await assertNameFree(tx, name);
      const [row] = await tx.insert(mappers).values({
        tenantId: ctx.tenantId, name, type: template.type, fileType: template.fileType, description: template.description,
        templateId: template.id, definition: definition.data,
      }).returning({ id: mappers.id });
      return load(tx, row!.id);
    }),
  );
}

export interface MapperSaved {
  data: MapperDto;
  sample_changes: MapperSampleChangeDto[];
}

/**
 * Saves an edit. When the definition or the file type changes, every sample is run with the old and the new
 * one: the new outputs are stored and the answer lists, per sample, the fields that changed. A new
 * definition that runs away on a sample is refused (422) and nothing is saved.
 */
export async function updateMapper(ctx: TenantCtx, idParam: string, input: TMapperUpdate): Promise<MapperSaved> {
  const id = assertId(idParam, 'Mapper');
  if (input.definition) assertCompiles(input.definition);
  return mapRaces(() =>
    withTenant(ctx, async (tx) => {
      const current = await load(tx, id, true);
      if (input.name !== undefined) await assertNameFree(tx, input.name, id);
      const type = input.type ?? current.type;
      const processId = input.process_id !== undefined ? input.process_id : current.process_id;
      if (processId && (processId !== current.process_id || type !== current.type)) {
        if (!current.samples.length) throw fieldError('process_id', MAPPER_NEEDS_SAMPLE);
        await assertProcessFree(tx, processId, type, id);
      }
      const oldDefinition = current.definition as TTenantMapperDefinition;
      const newDefinition = input.definition ?? oldDefinition;
      const fileType = input.file_type ?? current.file_type;
      const rerun = (input.definition !== undefined && JSON.stringify(input.definition) !== JSON.stringify(oldDefinition)) || fileType !== current.file_type;

      const sampleChanges: MapperSampleChangeDto[] = [];
      if (rerun) {
        const deadline = Date.now() + SAVE_RUN_MS;
        for (const sample of current.samples) {
          let before: SampleRun;
          try {
            before = await runSample(oldDefinition, current.file_type, sample.content, { deadline });
          } catch (err) {
            if (!(err instanceof MapperGuardError)) throw err;
            before = { output: null, error: err.message };
          }
          let after: SampleRun;
          try {
            after = await runSample(newDefinition, fileType, sample.content, { deadline });
          } catch (err) {
            if (err instanceof MapperGuardError) throw guardFailure(new MapperGuardError(`Sample ${sample.name}: ${err.message}`, err.relation));
            throw err;
          }
          sampleChanges.push({ sample_id: sample.id, name: sample.name, changes: diffOutputs(before.output ?? [], after.output ?? []), error: after.error });
          await tx.update(mapperSamples).set({ output: after.output, error: after.error, updatedAt: sql`now()` }).where(eq(mapperSamples.id, sample.id));
        }
      }
      await tx.update(mappers).set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.type !== undefined ? { type: input.type } : {}),
        ...(input.file_type !== undefined ? { fileType: input.file_type } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.definition !== undefined ? { definition: input.definition } : {}),
        ...(input.process_id !== undefined ? { processId: input.process_id } : {}),
        updatedAt: sql`now()`,
      }).where(eq(mappers.id, id));
      return { data: await load(tx, id), sample_changes: sampleChanges };
    }),
  );
}

export async function deleteMapper(ctx: TenantCtx, idParam: string): Promise<void> {
  const id = assertId(idParam, 'Mapper');
  await withTenant(ctx, async (tx) => {
    const [row] = await tx.delete(mappers).where(eq(mappers.id, id)).returning({ id: mappers.id });
    if (!row) throw notFound('Mapper');
  });
}

/** Adds a sample file and runs the saved definition on it (its output and error are stored with it). */
export async function addMapperSample(ctx: TenantCtx, idParam: string, input: TMapperSampleCreate): Promise<MapperDto> {
  const id = assertId(idParam, 'Mapper');
  return withTenant(ctx, async (tx) => {
    const current = await load(tx, id, true);
    if (current.samples.length >= MAX_SAMPLES_PER_MAPPER) throw fieldError('content', `A mapper keeps at most ${MAX_SAMPLES_PER_MAPPER} samples`);
    // A file the mapper cannot read at all is refused; one with record problems is kept with its error.
    await mapperInput(current.file_type, input.content);
    let run: SampleRun;
    try {
      run = await runSample(current.definition as TTenantMapperDefinition, current.file_type, input.content);
    } catch (err) {
      if (!(err instanceof MapperGuardError)) throw err;
      run = { output: null, error: err.message };
    }
    await tx.insert(mapperSamples).values({ tenantId: ctx.tenantId, mapperId: id, name: input.name, content: input.content, output: run.output, error: run.error });
    return load(tx, id);
  });
}

/** A mapper a connection uses keeps at least one sample (spec: a mapper with no related file cannot be selected). */
export async function removeMapperSample(ctx: TenantCtx, idParam: string, sampleIdParam: string): Promise<void> {
  const id = assertId(idParam, 'Mapper');
  const sampleId = assertId(sampleIdParam, 'Sample');
  await withTenant(ctx, async (tx) => {
    const current = await load(tx, id, true);
    if (!current.samples.some((s) => s.id === sampleId)) throw notFound('Sample');
    if (current.process_id && current.samples.length === 1) throw fieldError('sample', 'A mapper a connection uses keeps at least one sample');
    await tx.delete(mapperSamples).where(and(eq(mapperSamples.id, sampleId), eq(mapperSamples.mapperId, id)));
  });
}
