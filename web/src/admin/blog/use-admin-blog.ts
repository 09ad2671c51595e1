/**
 * The admins' blog: every post page by page (numbered over the server's cursors), one post for the editor,
 * and the writes (create, change, publish or unpublish, delete) and the Markdown preview. A write refreshes
 * the list and the public blog's cached pages.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateBlogPostBody, UpdateBlogPostBody } from '#shared/schemas/blog-post';
import { adminBlogArea } from '../../lib/api-areas/admin-blog.ts';
import { useApi } from '../../lib/use-api.ts';
import { useCursorPages } from '../use-cursor-pages.ts';

export const ADMIN_BLOG_KEY = ['admin', 'blog-posts'] as const;
/** The public blog's cache (features/blog/api/use-blog.ts BLOG_KEY), written out here: the admin area imports no feature module. */
const PUBLIC_BLOG_KEY = ['blog'] as const;

export function useAdminBlogPosts() {
  const api = useApi(adminBlogArea);
  return useCursorPages(ADMIN_BLOG_KEY, 'all', (cursor, signal) => api('listAdminBlogPosts', { query: cursor ? { cursor } : {} }, { signal }));
}

export function useAdminBlogPost(id: string | undefined) {
  const api = useApi(adminBlogArea);
  return useQuery({
    queryKey: [...ADMIN_BLOG_KEY, 'post', id],
    queryFn: ({ signal }) => api('getAdminBlogPost', { path: { id: id! } }, { signal }),
    enabled: id !== undefined,
  });
}

export function useBlogPostWrites() {
  const api = useApi(adminBlogArea);
  const queryClient = useQueryClient();
  const settle = () => Promise.all([queryClient.invalidateQueries({ queryKey: ADMIN_BLOG_KEY }), queryClient.invalidateQueries({ queryKey: PUBLIC_BLOG_KEY })]);
  const create = useMutation({ mutationFn: (body: CreateBlogPostBody) => api('createBlogPost', { body }), onSuccess: settle });
  const update = useMutation({ mutationFn: ({ id, body }: { id: string; body: UpdateBlogPostBody }) => api('updateBlogPost', { path: { id }, body }), onSuccess: settle });
  const remove = useMutation({ mutationFn: (id: string) => api('deleteBlogPost', { path: { id } }), onSuccess: settle });
  return { create, update, remove };
}

export function useBlogPreview() {
  const api = useApi(adminBlogArea);
  return useMutation({ mutationFn: (body: string) => api('previewBlogPost', { body: { body } }) });
}
