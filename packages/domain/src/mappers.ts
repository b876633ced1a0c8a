import { z } from 'zod';
import { ZTimestamp } from './responses';
import { MAPPER_FILE_TYPES, MAPPER_TYPES, ZMapperDefinition } from './services';
import { ZMapperDefinitionView } from './templates';

/**
 * A tenant's mappers (spec 3 "Mappers"): how one trading partner's documents of one type become Omnio's. The
 * definition has the shape of the owner's mapper templates (a template copies over unchanged): each relation's
 * `source` is a JSONata expression evaluated against a record, `root` (optional) gives the records, `target` is
 * a dot path of the output object.
 */

/** What a relation may do to its value after the default is applied. `date` reads CCYYMMDD, YYMMDD and M/D/YYYY. */
export const MAPPER_TRANSFORMS = ['trim', 'upper', 'lower', 'number', 'integer', 'string', 'date'] as const;
export type MapperTransform = (typeof MAPPER_TRANSFORMS)[number];

/** A sample file is kept as text; 1 MB is far more than one partner document and bounds a preview's work. */
export const MAPPER_SAMPLE_MAX_CHARS = 1_000_000;
export const MAPPER_NAME_TAKEN = 'A mapper with this name already exists';
export const MAPPER_NEEDS_SAMPLE = 'Add a sample file before using this mapper';
export const MAPPER_XML_UNSUPPORTED = 'XML samples are not supported';

/** The template shape, with each transform held to MAPPER_TRANSFORMS (a template's free text is checked here). */
export const ZTenantMapperDefinition = ZMapperDefinition.superRefine((d, ctx) => {
  d.relations.forEach((r, i) => {
    if (r.transform && !(MAPPER_TRANSFORMS as readonly string[]).includes(r.transform)) {
      ctx.addIssue({ code: 'custom', path: ['relations', i, 'transform'], message: `Use one of ${MAPPER_TRANSFORMS.join(', ')}` });
    }
  });
});
export type TTenantMapperDefinition = z.infer<typeof ZTenantMapperDefinition>;

const name = z.string().trim().min(1, { message: 'The name is required' }).max(120);
const description = z.string().trim().max(2000);
const processId = z.uuid({ message: 'Must be a valid id' }).nullable();
const sampleContent = z
  .string()
  .min(1, { message: 'The sample is empty' })
  .max(MAPPER_SAMPLE_MAX_CHARS, { message: 'A sample file is at most 1 MB' });

export const ZMapperCreate = z
  .object({
    name,
    type: z.enum(MAPPER_TYPES, { message: 'Choose a mapper type' }),
    file_type: z.enum(MAPPER_FILE_TYPES, { message: 'Choose a file type' }),
    description: description.default(''),
    definition: ZTenantMapperDefinition,
  })
  .strict();
export type TMapperCreate = z.infer<typeof ZMapperCreate>;

/** process_id links the mapper to a partner connection; it needs a sample first (spec: no related file, no selection). */
export const ZMapperUpdate = z
  .object({
    name: name.optional(),
    type: z.enum(MAPPER_TYPES, { message: 'Choose a mapper type' }).optional(),
    file_type: z.enum(MAPPER_FILE_TYPES, { message: 'Choose a file type' }).optional(),
    description: description.optional(),
    definition: ZTenantMapperDefinition.optional(),
    process_id: processId.optional(),
  })
  .strict();
export type TMapperUpdate = z.infer<typeof ZMapperUpdate>;

/** The copy starts without samples, so it is linked to a connection later (a sample first). */
export const ZMapperFromTemplate = z.object({ name: name.optional() }).strict();
export type TMapperFromTemplate = z.infer<typeof ZMapperFromTemplate>;

export const ZMapperSampleCreate = z
  .object({ name: z.string().trim().min(1, { message: 'The file name is required' }).max(200), content: sampleContent })
  .strict();
export type TMapperSampleCreate = z.infer<typeof ZMapperSampleCreate>;

/** Runs a definition over a sample without saving anything (the editor's Preview). */
export const ZMapperPreviewRequest = z
  .object({
    file_type: z.enum(MAPPER_FILE_TYPES, { message: 'Choose a file type' }),
    definition: ZTenantMapperDefinition,
    content: sampleContent,
  })
  .strict();
export type TMapperPreviewRequest = z.infer<typeof ZMapperPreviewRequest>;

/** One problem of one evaluation: which record (null: the root) and relation (null: none in particular). */
export const ZMapperEvalError = z.object({
  record: z.number().int().nullable(),
  relation: z.number().int().nullable(),
  target: z.string().nullable(),
  message: z.string(),
});
export type MapperEvalErrorDto = z.input<typeof ZMapperEvalError>;

export const ZMapperPreviewResult = z.object({
  records: z.array(z.record(z.string(), z.unknown())),
  errors: z.array(ZMapperEvalError),
});
export type MapperPreviewResultDto = z.input<typeof ZMapperPreviewResult>;

export const ZMapperSample = z.object({
  id: z.string(),
  name: z.string(),
  content: z.string(),
  /** The records of the last run with the saved definition; null when it failed. */
  output: z.array(z.record(z.string(), z.unknown())).nullable(),
  error: z.string().nullable(),
  updated_at: ZTimestamp,
});
export type MapperSampleDto = z.input<typeof ZMapperSample>;

export const ZMapper = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(MAPPER_TYPES),
  file_type: z.enum(MAPPER_FILE_TYPES),
  description: z.string(),
  process_id: z.string().nullable(),
  template_id: z.string().nullable(),
  definition: ZMapperDefinitionView,
  samples: z.array(ZMapperSample),
  created_at: ZTimestamp,
  updated_at: ZTimestamp,
});
export type MapperDto = z.input<typeof ZMapper>;

/** A list row: the samples counted, not sent. */
export const ZMapperListItem = ZMapper.omit({ samples: true }).extend({ samples_count: z.number().int() });
export type MapperListItemDto = z.input<typeof ZMapperListItem>;

/** One field of one output record that a definition change moved (arrays compared by index). */
export const ZMapperFieldChange = z.object({ path: z.string(), before: z.unknown(), after: z.unknown() });
export type MapperFieldChangeDto = z.input<typeof ZMapperFieldChange>;

/** What saving a new definition does to one sample's output. */
export const ZMapperSampleChange = z.object({
  sample_id: z.string(),
  name: z.string(),
  changes: z.array(ZMapperFieldChange),
  /** The new definition's error on this sample, if it failed. */
  error: z.string().nullable(),
});
export type MapperSampleChangeDto = z.input<typeof ZMapperSampleChange>;

export const ZMapperSaved = z.object({ data: ZMapper, sample_changes: z.array(ZMapperSampleChange) });
export type MapperSavedDto = z.input<typeof ZMapperSaved>;
