/**
 * The pages of one record besides events: an organizer (/organizers/{id}), a race recap (/recaps/{id}) and a blog
 * post (/blog/{slug}), each as its API route answers a visitor, with JSON-LD of what it is (an Organization, an
 * Article, a BlogPosting). The route's 404 (unknown, hidden, unpublished) is the page's.
 */
import type { Article, BlogPosting, Organization, WithContext } from 'schema-dts';
import { todayInNewYork } from '#shared/dates';
import { ULID_PATTERN } from '#shared/ids';
import { excerptOf } from '#shared/plain-text';
import { BLOG_ROUTES } from '#shared/routes/blog';
import { ORGANIZATIONS_ROUTES } from '#shared/routes/organizations';
import { RECAPS_ROUTES } from '#shared/routes/recaps';
import { enumLabel } from '#shared/event-vocabulary';
import { publishedBlogPostBySlug } from '#data/blog-post';
import { getRecap } from '#data/recap';
import { HttpError } from '#lib/errors';
import { organizationDetail } from '../../organizations/organization-directory.ts';
import { DESCRIPTION_LENGTH } from './event-page.ts';
import { decodedSegment, MORE_PAGES_MODULE, NOT_FOUND, SITE_CARD_PATH, siteCardHead, TAKE_OVER_MODULE, type RenderedPageKind } from './rendered-page.ts';

/** The record, or undefined where its route answers a visitor 404 (or 400): the page's 404. */
async function unlessMissing<T>(read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof HttpError && (error.status === 404 || error.status === 400)) return undefined;
    throw error;
  }
}

/** A ULID from a path segment, or undefined for one that cannot be a record's id. */
function idOf(segment: string | undefined): string | undefined {
  const id = decodedSegment(segment);
  return id !== undefined && ULID_PATTERN.test(id) ? id : undefined;
}

export const ORGANIZER_PAGE: RenderedPageKind = {
  pattern: /^\/organizers\/([^/]+)$/,
  async load({ segments: [segment], siteUrl }) {
    const id = idOf(segment);
    if (!id) return NOT_FOUND;
    const found = await unlessMissing(() => organizationDetail(id, undefined, todayInNewYork()));
    if (!found) return NOT_FOUND;
    const organization = ORGANIZATIONS_ROUTES.getOrganization.response.parse(found);
    const canonicalUrl = `${siteUrl}/organizers/${encodeURIComponent(id)}`;
    const where = organization.location ? ` in ${organization.location.city}, ${organization.location.state}` : '';
    const kinds = organization.specialties.map((type) => enumLabel(type).toLowerCase()).join(', ');
    const summary = `${organization.name} organizes races${where}${kinds ? ` (${kinds})` : ''}: ${organization.upcomingEventCount} upcoming on RaceFinder.`;
    const description = excerptOf(organization.description ? `${summary} ${organization.description}` : summary, DESCRIPTION_LENGTH);
    const structured: WithContext<Organization> = {
      '@context': 'https://schema.org',
      '@type': 'SportsOrganization',
      name: organization.name,
      url: canonicalUrl,
      description,
      ...(organization.websiteUrl ? { sameAs: [organization.websiteUrl] } : {}),
      ...(organization.location
        ? { address: { '@type': 'PostalAddress', addressLocality: organization.location.city, addressRegion: organization.location.state, addressCountry: 'US' } }
        : {}),
    };
    return {
      data: { organization },
      head: siteCardHead(siteUrl, { title: organization.name, description, canonicalUrl, openGraphType: 'website', structuredData: [structured] }),
      modules: [TAKE_OVER_MODULE, MORE_PAGES_MODULE, 'src/app/pages/directory-pages.tsx'],
    };
  },
};

export const RECAP_PAGE: RenderedPageKind = {
  pattern: /^\/recaps\/([^/]+)$/,
  async load({ segments: [segment], siteUrl }) {
    const id = idOf(segment);
    if (!id) return NOT_FOUND;
    const found = await unlessMissing(() => getRecap(id));
    if (!found) return NOT_FOUND;
    const recap = RECAPS_ROUTES.getRaceRecap.response.parse(found);
    const canonicalUrl = `${siteUrl}/recaps/${encodeURIComponent(id)}`;
    const description = excerptOf(`${recap.authorName} on ${recap.event.title}: ${recap.body}`, DESCRIPTION_LENGTH);
    const structured: WithContext<Article> = {
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: recap.title,
      description,
      url: canonicalUrl,
      image: [`${siteUrl}${SITE_CARD_PATH}`],
      author: { '@type': 'Person', name: recap.authorName },
      datePublished: recap.createdAt,
      dateModified: recap.updatedAt,
      about: { '@type': 'SportsEvent', name: recap.event.title, startDate: recap.event.eventDate, url: `${siteUrl}/events/${encodeURIComponent(recap.event.id)}` },
    };
    return {
      data: { recap },
      head: siteCardHead(siteUrl, { title: recap.title, description, canonicalUrl, openGraphType: 'article', structuredData: [structured] }),
      modules: [TAKE_OVER_MODULE, MORE_PAGES_MODULE, 'src/features/community/pages/community-pages.ts'],
    };
  },
};

export const BLOG_POST_PAGE: RenderedPageKind = {
  pattern: /^\/blog\/([^/]+)$/,
  async load({ segments: [segment], siteUrl }) {
    const slug = decodedSegment(segment);
    if (!slug) return NOT_FOUND;
    const found = await publishedBlogPostBySlug(slug);
    if (!found) return NOT_FOUND;
    const post = BLOG_ROUTES.getBlogPost.response.parse(found);
    const canonicalUrl = `${siteUrl}/blog/${encodeURIComponent(post.slug)}`;
    const description = excerptOf(post.summary, DESCRIPTION_LENGTH);
    const structured: WithContext<BlogPosting> = {
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: post.title,
      description,
      url: canonicalUrl,
      image: [`${siteUrl}${SITE_CARD_PATH}`],
      author: { '@type': 'Person', name: post.authorName },
      datePublished: post.publishedAt,
      dateModified: post.updatedAt,
      publisher: { '@type': 'Organization', name: 'RaceFinder', url: siteUrl },
    };
    return {
      data: { post },
      head: siteCardHead(siteUrl, { title: post.title, description, canonicalUrl, openGraphType: 'article', structuredData: [structured] }),
      modules: [TAKE_OVER_MODULE, MORE_PAGES_MODULE, 'src/features/blog/pages/blog-post-page.tsx'],
    };
  },
};
