/** The public blog: published posts page by page (/blog) and one post by its slug (/blog/:slug). */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-error.ts';
import { blogArea } from '../../../lib/api-areas/blog.ts';
import { useApi } from '../../../lib/use-api.ts';

export const BLOG_KEY = ['blog'] as const;

export function useBlogPosts() {
  const api = useApi(blogArea);
  return useInfiniteQuery({
    queryKey: [...BLOG_KEY, 'list'],
    queryFn: ({ signal, pageParam }) => api('listBlogPosts', { query: pageParam ? { cursor: pageParam } : {} }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor,
    staleTime: 60_000,
  });
}

export function useBlogPost(slug: string) {
  const api = useApi(blogArea);
  return useQuery({
    queryKey: [...BLOG_KEY, 'post', slug],
    queryFn: ({ signal }) => api('getBlogPost', { path: { slug } }, { signal }),
    staleTime: 60_000,
    // A post that is not there will not be there on a second try either.
    retry: (count, error) => !(error instanceof ApiError && (error.status === 404 || error.status === 400)) && count < 2,
  });
}
