import { z } from 'zod';

export const PASSWORD_MIN_LENGTH = 8;
const FORBIDDEN = /[<>&"']/;

/** Spec 5 password rules, one message per broken rule so a form can list them all. */
export const ZPassword = z
  .string()
  .max(128, 'The password may not be longer than 128 characters')
  .superRefine((value, ctx) => {
    const fail = (message: string) => ctx.addIssue({ code: 'custom', message });
    if (value.length < PASSWORD_MIN_LENGTH) fail(`The password must be at least ${PASSWORD_MIN_LENGTH} characters`);
    if (!/[a-z]/.test(value)) fail('The password must contain a lower-case letter');
    if (!/[A-Z]/.test(value)) fail('The password must contain an upper-case letter');
    if (!/[0-9]/.test(value)) fail('The password must contain a number');
    if (!/[^A-Za-z0-9\s]/.test(value)) fail('The password must contain a special character');
    if (/\s/.test(value)) fail('The password may not contain spaces');
    if (FORBIDDEN.test(value)) fail('The password may not contain < > & " or \'');
  });

/** Adds the confirmation rule to any object schema with password and password_confirmation. */
export function withPasswordConfirmation<T extends z.ZodObject<{ password: z.ZodType; password_confirmation: z.ZodType }>>(
  schema: T,
) {
  return schema.refine((v) => v.password === v.password_confirmation, {
    message: 'The password confirmation does not match',
    path: ['password_confirmation'],
  });
}
