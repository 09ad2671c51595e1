/**
 * Every data migration, in the order they run. A new one goes at the end with the next number, in a file of its
 * own named by its id; an id once released never changes (its record says it ran), and a migration is never
 * removed while a table somewhere may not have run it.
 */
import { profileSearchKeys } from './0001-profile-search-keys.ts';
import { searchIndex7 } from './0002-search-index-7.ts';
import { organizationLists } from './0003-organization-lists.ts';
import { personFootprints } from './0004-person-footprints.ts';
import { searchIndex8 } from './0005-search-index-8.ts';
import { cancelledStatus } from './0006-cancelled-status.ts';
import { searchIndex9 } from './0007-search-index-9.ts';
import { searchIndex12 } from './0008-search-index-12.ts';
import { trainingLoad } from './0009-training-load.ts';
import type { Migration } from './migration.ts';

export const MIGRATIONS: readonly Migration[] = [profileSearchKeys, searchIndex7, organizationLists, personFootprints, searchIndex8, cancelledStatus, searchIndex9, searchIndex12, trainingLoad];
