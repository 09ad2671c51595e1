/** The public blog: published posts page by page (/blog) and one post by its slug (/blog/:slug). */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-error.ts';
import { blogArea } from '../../../lib/api-areas/blog.ts';
import { callPublicRoute } from '../../../lib/public-api.ts';
import { usePageData } from '../../../lib/use-page-data.ts';

export const BLOG_KEY = ['blog'] as const;

export function useBlogPosts() {
  return useInfiniteQuery({
    queryKey: [...BLOG_KEY, 'list'],
    queryFn: ({ signal, pageParam }) => callPublicRoute(blogArea, 'listBlogPosts', { query: pageParam ? { cursor: pageParam } : {} }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor,
    staleTime: 60_000,
  });
}

export function useBlogPost(slug: string) {
  // The post the server rendered this page with: shown until the app's own answer is in.
  const rendered = usePageData()?.post;
  return useQuery({
    queryKey: [...BLOG_KEY, 'post', slug],
    queryFn: ({ signal }) => callPublicRoute(blogArea, 'getBlogPost', { path: { slug } }, { signal }),
    staleTime: 60_000,
    // A post that is not there will not be there on a second try either.
    retry: (count, error) => !(error instanceof ApiError && (error.status === 404 || error.status === 400)) && count < 2,
    placeholderData: rendered?.slug === slug ? rendered : undefined,
  });
}
