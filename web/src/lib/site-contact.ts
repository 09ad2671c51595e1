/**
 * The team's public contact details, from /config.json (written at deploy from the deploy context; the local
 * stack serves example ones): the footer's contact block and the contact page show them, and show nothing
 * when a deployment configures none. Fetched directly and checked by hand rather than with the runtime
 * configuration's zod schema, which would bring zod to every page's footer for three strings; kept in the
 * query cache through fetchQuery, as the system status is (./system-status.ts), so a visit asks once.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { SiteContact } from '#shared/runtime-config';

export const SITE_CONTACT_QUERY_KEY = ['site-contact'] as const;

/** The contact details of a /config.json body: its string fields, trimmed; anything else is none. */
export function parseSiteContact(config: unknown): SiteContact {
  const contact = typeof config === 'object' && config !== null ? (config as Record<string, unknown>).contact : undefined;
  if (typeof contact !== 'object' || contact === null) return {};
  const found: Record<string, string> = {};
  for (const field of ['email', 'phone', 'city'] as const) {
    const value = (contact as Record<string, unknown>)[field];
    if (typeof value === 'string' && value.trim()) found[field] = value.trim();
  }
  return found;
}

export async function fetchSiteContact(signal?: AbortSignal): Promise<SiteContact> {
  const response = await fetch('/config.json', { headers: { accept: 'application/json' }, signal });
  if (!response.ok) throw new Error(`GET /config.json answered ${response.status}`);
  return parseSiteContact(await response.json());
}

/** The contact details; undefined while they load or when they cannot be had (nothing is then shown). */
export function useSiteContact(): SiteContact | undefined {
  const queryClient = useQueryClient();
  const [contact, setContact] = useState(() => queryClient.getQueryData<SiteContact>(SITE_CONTACT_QUERY_KEY));
  useEffect(() => {
    let live = true;
    queryClient
      .fetchQuery({ queryKey: SITE_CONTACT_QUERY_KEY, queryFn: ({ signal }) => fetchSiteContact(signal), staleTime: Infinity, retry: false })
      .then(
        (value) => live && setContact(value),
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [queryClient]);
  return contact;
}

/** A phone number as a tel: link wants it: digits and a leading +. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
