import { z } from 'zod';
import { ZTimestamp } from './responses';

/** Companies (tenants) as the owner manages them (docs/API.md, companies). Inputs live in schemas.ts. */

/** A company is ACTIVE or DISABLED (migration 0001's check). */
export const COMPANY_STATUSES = ['ACTIVE', 'DISABLED'] as const;
export type CompanyStatus = (typeof COMPANY_STATUSES)[number];

// ---- Answers (the response contract; see responses.ts) ----

export const ZCompany = z.object({
  id: z.string(),
  name: z.string(),
  /** A stable, unique machine name derived from the first name. */
  schema_suffix: z.string(),
  status: z.enum(COMPANY_STATUSES),
  contact_name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address1: z.string().nullable(),
  city: z.string().nullable(),
  region: z.string().nullable(),
  postal_code: z.string().nullable(),
  country: z.string().nullable(),
  subdomain: z.string().nullable(),
  order_prefix: z.string().nullable(),
  created_at: ZTimestamp,
  updated_at: ZTimestamp,
});
export type CompanyDto = z.input<typeof ZCompany>;

/** The company a session works in, or may switch to: what the sign-in screens and the profile show of it. */
export const ZCompanyBrief = z.object({ id: z.string(), name: z.string(), schema_suffix: z.string() });
export type CompanyBriefDto = z.input<typeof ZCompanyBrief>;

/** The owner added a user to a company. */
export const ZCompanyMembership = z.object({ company_id: z.string(), user_id: z.string() });
export type CompanyMembershipDto = z.input<typeof ZCompanyMembership>;
