import * as z from 'zod';
import { ROLES } from '../roles.ts';

/** A role as stored on a profile; kept apart from roles.ts so code that needs only the role rules stays free of zod. */
export const RoleSchema = z.enum(ROLES);
