/**
 * The contact details the local stack's /config.json carries, so the footer's contact block shows locally. They
 * are example values and nobody's: a reserved example domain and a placeholder town. A deployment sets its own
 * (`-c contactEmail=... -c contactPhone=... -c contactCity=...`, infra/deploy-config.ts).
 */
import type { SiteContact } from '#shared/runtime-config';

export const LOCAL_SITE_CONTACT: SiteContact = { email: 'team@racefinder.example', city: 'Anytown, USA' };
