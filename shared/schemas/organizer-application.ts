/**
 * Organizer applications (spec 001 "Apply to be an organizer"): a signed-in athlete asks to become an
 * organizer; an admin approves (the applicant's role becomes organizer at once) or denies, with notes.
 */
import * as z from 'zod';
import { EVENT_TYPES } from '../event-vocabulary.ts';
import { IsoDateTimeSchema, UlidSchema } from './common.ts';

export const APPLICATION_STATUSES = ['pending', 'approved', 'denied'] as const;
export const ApplicationStatusSchema = z.enum(APPLICATION_STATUSES);
export type ApplicationStatus = z.infer<typeof ApplicationStatusSchema>;

/** The kinds of organization an applicant picks from (spec 001 has the field, not its values). */
export const ORGANIZATION_TYPES = ['race_company', 'running_club', 'nonprofit', 'municipality', 'business', 'other'] as const;
export const ORGANIZATION_TYPE_LABELS: Readonly<Record<(typeof ORGANIZATION_TYPES)[number], string>> = {
  race_company: 'Race management company',
  running_club: 'Running or triathlon club',
  nonprofit: 'Nonprofit or charity',
  municipality: 'City, town or parks department',
  business: 'Business or brand',
  other: 'Other',
};

/** How many events a year the applicant expects to list. */
export const EXPECTED_VOLUMES = ['1-2', '3-5', '6-10', '11-25', '26+'] as const;

export const APPLICATION_TEXT_MAX = 2000;
export const APPLICATION_NOTES_MAX = 1000;

const text = (label: string, min: number, max: number) =>
  z
    .string({ message: `Please fill in ${label}` })
    .trim()
    .min(min, min > 1 ? `${label} must be at least ${min} characters` : `Please fill in ${label}`)
    .max(max, `${label} must be at most ${max} characters`);

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .transform((value) => (value === '' ? undefined : value))
    .optional();

/** What an applicant sends. The contact e-mail defaults to the caller's own on the server. */
export const NewApplicationBodySchema = z.strictObject({
  organizationName: text('Organization name', 2, 120),
  organizationType: z.enum(ORGANIZATION_TYPES, { message: 'Please choose an organization type' }),
  contactEmail: z
    .string()
    .trim()
    .transform((value) => (value === '' ? undefined : value.toLowerCase()))
    .pipe(z.email({ message: 'Contact email must be a valid email address' }).optional())
    .optional(),
  contactPhone: z
    .string()
    .trim()
    .regex(/^$|^[+()\d][\d\s().+-]{6,24}$/, 'Contact phone must be a phone number')
    .transform((value) => (value === '' ? undefined : value))
    .optional(),
  website: z
    .string()
    .trim()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(z.url({ protocol: /^https?$/, message: 'Website must be a web address starting with http:// or https://' }).max(300).optional())
    .optional(),
  description: text('Description', 20, APPLICATION_TEXT_MAX),
  experience: text('Experience', 20, APPLICATION_TEXT_MAX),
  eventTypes: z
    .array(z.enum(EVENT_TYPES, { message: 'Unknown event type' }), { message: 'Please choose the event types you organize' })
    .min(1, 'Please choose the event types you organize')
    .max(EVENT_TYPES.length)
    .transform((types) => [...new Set(types)]),
  expectedVolume: z.enum(EXPECTED_VOLUMES, { message: 'Please choose how many events a year' }).optional(),
  referenceContacts: optionalText('References', APPLICATION_TEXT_MAX),
  acceptTerms: z.literal(true, { message: 'Please agree to the terms and conditions' }),
});
export type NewApplicationBody = z.input<typeof NewApplicationBodySchema>;
export type NewApplication = z.output<typeof NewApplicationBodySchema>;

export const ApplicationSchema = z.object({
  id: UlidSchema,
  userId: z.string(),
  organizationName: z.string(),
  organizationType: z.enum(ORGANIZATION_TYPES),
  contactEmail: z.string(),
  contactPhone: z.string().optional(),
  website: z.string().optional(),
  description: z.string(),
  experience: z.string(),
  eventTypes: z.array(z.enum(EVENT_TYPES)),
  expectedVolume: z.enum(EXPECTED_VOLUMES).optional(),
  referenceContacts: z.string().optional(),
  status: ApplicationStatusSchema,
  createdAt: IsoDateTimeSchema,
  /** Who decided, when, and what they noted; absent while pending. */
  reviewedBy: z.string().optional(),
  reviewedAt: IsoDateTimeSchema.optional(),
  adminNotes: z.string().optional(),
});
export type Application = z.infer<typeof ApplicationSchema>;

export const ApplicationPathSchema = z.strictObject({ id: UlidSchema });

export const ApplicationDecisionBodySchema = z.strictObject({
  decision: z.enum(['approve', 'deny'], { message: "decision must be 'approve' or 'deny'" }),
  notes: optionalText('Notes', APPLICATION_NOTES_MAX),
});
export type ApplicationDecisionBody = z.input<typeof ApplicationDecisionBodySchema>;

const CursorSchema = z.string().max(2048, 'cursor is not valid').optional();

export const AdminApplicationsQuerySchema = z.strictObject({
  status: ApplicationStatusSchema.default('pending'),
  cursor: CursorSchema,
});

export const ApplicationsPageSchema = z.object({ items: z.array(ApplicationSchema), nextCursor: z.string().optional() });
export type ApplicationsPage = z.infer<typeof ApplicationsPageSchema>;

export const AdminApplicationsPageSchema = ApplicationsPageSchema.extend({
  /** Applications with this status in all, from the application counters. */
  total: z.number().int().nonnegative(),
});
export type AdminApplicationsPage = z.infer<typeof AdminApplicationsPageSchema>;
