/**
 * Deleting one's account (DELETE /api/me): the confirmation the person types and what becomes of their reviews and
 * recaps, and the job's state the response answers with.
 */
import * as z from 'zod';
import { IsoDateTimeSchema } from './common.ts';

export const WRITING_CHOICES = ['delete', 'keep'] as const;

export const DeleteAccountBodySchema = z.object({
  /** The account's e-mail address, typed again: the confirmation that this is meant. */
  email: z.string().trim().min(1, 'Type your e-mail address to confirm').max(254),
  /** Delete the reviews and recaps too, or keep them on their races signed "Former member". */
  writing: z.enum(WRITING_CHOICES, { error: 'Choose whether to delete or keep your reviews and recaps' }),
});
export type DeleteAccountBody = z.infer<typeof DeleteAccountBodySchema>;

export const ACCOUNT_DELETION_STATUSES = ['deleting', 'deleted'] as const;

export const AccountDeletionSchema = z.object({
  status: z.enum(ACCOUNT_DELETION_STATUSES),
  writing: z.enum(WRITING_CHOICES),
  requestedAt: IsoDateTimeSchema,
});
export type AccountDeletion = z.infer<typeof AccountDeletionSchema>;

/** What the confirmation says when the typed address is not the account's. */
export const EMAIL_MISMATCH = 'That is not the e-mail address of this account. Type it exactly as you sign in with it.';
/** Why an admin or super admin cannot delete their account: the platform must never lose its last super admin to one click. */
export const ADMIN_KEEPS_ACCOUNT = 'Admin accounts cannot be deleted here. Ask a super admin to change your role to athlete first.';
/** The name a kept review or recap is signed with once its author's account is gone. */
export const FORMER_MEMBER = 'Former member';
/**
 * Who a record that must name someone (an event change, an admin activity entry, a suggestion) names once that
 * person's account is gone. Never a Cognito sub (those are UUIDs), so no lookup can find a profile by it.
 */
export const DELETED_ACCOUNT_ID = 'deleted-account';
