import { z } from 'zod';
import { LANGUAGES, ROLES } from './roles';
import { ZPassword, withPasswordConfirmation } from './password';

/** Shared field shapes. Bounds are ours where spec 5 says "min and max lengths" without numbers. */
export const ZEmail = z.string().trim().toLowerCase().max(191).email('The email must be a valid email address');
/** Spec 5: a signup email allows letters, digits, hyphen, underscore and period (before the domain too). */
export const ZSignupEmail = ZEmail.refine((v) => /^[A-Za-z0-9._-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/.test(v), {
  message: 'The email may contain only letters, digits, hyphen, underscore and period',
});
export const ZName = z.string().trim().min(1, 'The name is required').max(120, 'The name may not be longer than 120 characters');
export const ZId = z.string().min(1).max(64);
export const ZUuid = z.uuid({ message: 'Must be a valid id' });

export const ZLoginForm = z.object({
  username: ZEmail,
  password: z.string().min(1, 'The password is required').max(128),
});
export type TLoginForm = z.infer<typeof ZLoginForm>;

export const ZPasswordEmail = z.object({ email: ZEmail }).strict();
export const ZPasswordReset = withPasswordConfirmation(
  z.object({ email: ZEmail, token: z.string().min(10).max(200), password: ZPassword, password_confirmation: z.string().max(128) }).strict(),
);
export type TPasswordReset = z.infer<typeof ZPasswordReset>;

export const ZSignup = withPasswordConfirmation(
  z.object({
    company_name: ZName,
    name: ZName,
    email: ZSignupEmail,
    password: ZPassword,
    password_confirmation: z.string().max(128),
  }).strict(),
);
export type TSignup = z.infer<typeof ZSignup>;

export const ZAcceptInvitation = withPasswordConfirmation(
  z.object({ token: z.string().min(10).max(200), name: ZName, password: ZPassword, password_confirmation: z.string().max(128) }).strict(),
);
export type TAcceptInvitation = z.infer<typeof ZAcceptInvitation>;

export const ZUserUpdate = z
  .object({ name: ZName, email: ZEmail, language: z.enum(LANGUAGES) })
  .partial()
  .strict();
export type TUserUpdate = z.infer<typeof ZUserUpdate>;

export const ZUserCreate = z
  .object({
    name: ZName,
    email: ZEmail,
    password: ZPassword,
    // Absent: the platform's default language (the owner's general settings).
    language: z.enum(LANGUAGES).optional(),
    role: z.enum(ROLES),
    company_id: ZUuid.nullable().optional(),
    supplier_id: ZUuid.nullable().optional(),
  })
  .strict();
export type TUserCreate = z.infer<typeof ZUserCreate>;

export const ZAssignRoles = z.object({ roles: z.array(z.enum(ROLES)).min(1).max(3) }).strict();
export const ZAssignPermissions = z
  .object({ permissions: z.array(z.number().int().positive()).max(500) })
  .strict();

export const ZInvitationCreate = z
  .object({
    email: ZEmail,
    name: ZName.optional(),
    role: z.enum(['tenant', 'supplier']).default('tenant'),
    company_id: ZUuid.optional(),
    /** A supplier user acts for one supplier of the company. */
    supplier_id: ZUuid.optional(),
  })
  .strict()
  .refine((v) => v.role !== 'supplier' || v.supplier_id, { message: 'A supplier user needs a supplier', path: ['supplier_id'] });

const ZCountry = z.string().trim().length(2, 'The country must be a two-letter ISO code').toUpperCase();
const ZOptText = (max: number) => z.string().trim().max(max).nullable().optional();

export const ZCompanyCreate = z
  .object({
    name: ZName,
    contact_name: ZOptText(120),
    email: ZEmail.nullable().optional(),
    phone: ZOptText(40),
    address1: ZOptText(200),
    city: ZOptText(120),
    region: ZOptText(120),
    postal_code: ZOptText(20),
    country: ZCountry.nullable().optional(),
    subdomain: z
      .string()
      .trim()
      .regex(/^[a-z0-9][a-z0-9-]{1,40}$/, 'The subdomain may contain only lower-case letters, digits and hyphens')
      .nullable()
      .optional(),
    /** Spec 5: exactly three characters of the form XY- before every order number. */
    order_prefix: z.string().trim().toUpperCase().regex(/^[A-Z]{2}-$/, 'The order prefix is two letters and a hyphen, like AC-').nullable().optional(),
  })
  .strict();
export type TCompanyCreate = z.infer<typeof ZCompanyCreate>;
export const ZCompanyUpdate = ZCompanyCreate.partial().strict();
/** What a company's own users may change of it (/tenant_company): everything but the owner's subdomain. */
export const ZCompanyProfileUpdate = ZCompanyCreate.omit({ subdomain: true }).partial().strict();
export type TCompanyProfileUpdate = z.infer<typeof ZCompanyProfileUpdate>;

export const ILOC_TYPES = ['warehouse', 'store', '3pl', 'dropship', 'virtual'] as const;
export const ILOC_STATUSES = ['ACTIVE', 'INACTIVE'] as const;

export const ZIlocCreate = z
  .object({
    name: ZName,
    code: z
      .string()
      .trim()
      .min(1)
      .max(30)
      .regex(/^[A-Za-z0-9_-]+$/, 'The code may contain only letters, digits, hyphen and underscore')
      .optional(),
    type: z.enum(ILOC_TYPES).default('warehouse'),
    /** Warehouse provider the iloc lives at (e.g. shipedge); null for the tenant's own location. */
    company: z.string().trim().toLowerCase().max(40).nullable().optional(),
    menu: z.boolean().default(false),
    status: z.enum(ILOC_STATUSES).default('ACTIVE'),
    address1: ZOptText(200),
    city: ZOptText(120),
    region: ZOptText(120),
    postal_code: ZOptText(20),
    country: ZCountry.nullable().optional(),
    /** Allocation takes stock from ilocs in this order, lowest first (then by name). */
    priority: z.number().int('The priority is a whole number').min(0).max(1_000_000).optional(),
  })
  .strict();
export type TIlocCreate = z.infer<typeof ZIlocCreate>;
export const ZIlocUpdate = ZIlocCreate.partial().strict();

export const ZActiveCompany = z.object({ company_id: ZUuid }).strict();
