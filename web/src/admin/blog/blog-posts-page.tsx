/**
 * /admin/blog: the posts of the public blog, drafts too, newest first. Admins write a new post, edit one,
 * publish or unpublish it from the list, and delete it after confirming. The editor opens in place
 * (?post=new, ?post=<id>), so the side navigation and breadcrumbs stay on Blog.
 */
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Flashbar from '@cloudscape-design/components/flashbar';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { TableProps } from '@cloudscape-design/components/table';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { BlogPostRow } from '#shared/schemas/blog-post';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import type { AdminSection } from '../admin-sections.ts';
import { ConfirmModal, CursorTable } from '../queue-parts.tsx';
import { useFlashes } from '../use-flashes.ts';
import { useQueueDecision } from '../use-queue-decision.ts';
import { BlogPostEditor } from './blog-post-editor.tsx';
import { useAdminBlogPosts, useBlogPostWrites } from './use-admin-blog.ts';

const DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

type PostAction = 'publish' | 'unpublish' | 'delete';

/** What each action on a post did, or the header when it failed. */
const POST_OUTCOMES: Record<PostAction, { succeeded(post: BlogPostRow): { header: string; content: string }; failed: string }> = {
  publish: { succeeded: (post) => ({ header: 'Post published', content: `“${post.title}” is live at /blog/${post.slug}.` }), failed: 'Publishing failed' },
  unpublish: { succeeded: (post) => ({ header: 'Post unpublished', content: `“${post.title}” is a draft again; visitors no longer see it.` }), failed: 'Unpublishing failed' },
  delete: { succeeded: (post) => ({ header: 'Post deleted', content: `“${post.title}” and its address /blog/${post.slug} are gone.` }), failed: 'Deleting failed' },
};

export function BlogPostsPage({ section }: { section: AdminSection }) {
  const [params, setParams] = useSearchParams();
  const editing = params.get('post');
  useDocumentTitle(editing === 'new' ? 'New blog post' : editing ? 'Edit blog post' : section.title);
  const { items: flashItems, flash } = useFlashes();
  const close = (message?: string) => {
    if (message) flash({ type: 'success', header: message });
    setParams({}, { replace: false });
  };

  return (
    <SpaceBetween size="m">
      <Flashbar items={flashItems} />
      {editing ? (
        <BlogPostEditor key={editing} id={editing === 'new' ? undefined : editing} onDone={close} />
      ) : (
        <PostList section={section} flash={flash} />
      )}
    </SpaceBetween>
  );
}

function PostList({ section, flash }: { section: AdminSection; flash: ReturnType<typeof useFlashes>['flash'] }) {
  const navigate = useNavigate();
  const list = useAdminBlogPosts();
  const { update, remove } = useBlogPostWrites();
  const edit = (id: string) => void navigate(`/admin/blog?post=${id}`);
  // Publish and Unpublish are sent at once (each undoes the other); Delete is confirmed first. The writes
  // refresh the list themselves.
  const { busy, deciding, open, decideNow, modal } = useQueueDecision<BlogPostRow, PostAction>({
    idOf: (post) => post.id,
    send: (post, action) => (action === 'delete' ? remove.mutateAsync(post.id) : update.mutateAsync({ id: post.id, body: { status: action === 'publish' ? 'published' : 'draft' } })),
    succeeded: (post, action) => POST_OUTCOMES[action].succeeded(post),
    failedHeader: (action) => POST_OUTCOMES[action].failed,
    flash,
  });

  const columns: TableProps.ColumnDefinition<BlogPostRow>[] = [
    {
      id: 'title',
      header: 'Title',
      minWidth: 220,
      cell: (post) => (
        <Link href={`/admin/blog?post=${post.id}`} onFollow={(event) => (event.preventDefault(), edit(post.id))}>
          {post.title}
        </Link>
      ),
      isRowHeader: true,
    },
    {
      id: 'status',
      header: 'Status',
      minWidth: 130,
      cell: (post) => (post.status === 'published' ? <StatusIndicator type="success">Published</StatusIndicator> : <StatusIndicator type="stopped">Draft</StatusIndicator>),
    },
    {
      id: 'address',
      header: 'Address',
      cell: (post) =>
        post.status === 'published' ? (
          <Link href={`/blog/${post.slug}`} external externalIconAriaLabel="(opens in a new tab)">
            /blog/{post.slug}
          </Link>
        ) : (
          <Box color="text-body-secondary">/blog/{post.slug}</Box>
        ),
    },
    { id: 'published', header: 'Published', cell: (post) => (post.publishedAt ? DATE.format(new Date(post.publishedAt)) : '—') },
    { id: 'updated', header: 'Last changed', cell: (post) => DATE.format(new Date(post.updatedAt)) },
    { id: 'author', header: 'Author', cell: (post) => post.authorName },
    {
      id: 'actions',
      header: 'Actions',
      minWidth: 250,
      cell: (post) => (
        <SpaceBetween direction="horizontal" size="xs">
          <Button variant="inline-link" onClick={() => edit(post.id)} ariaLabel={`Edit ${post.title}`}>
            Edit
          </Button>
          <Button
            variant="inline-link"
            disabled={busy.has(post.id)}
            onClick={() => decideNow(post, post.status === 'published' ? 'unpublish' : 'publish')}
            ariaLabel={`${post.status === 'published' ? 'Unpublish' : 'Publish'} ${post.title}`}
          >
            {post.status === 'published' ? 'Unpublish' : 'Publish'}
          </Button>
          <Button variant="inline-link" disabled={busy.has(post.id)} onClick={() => open(post, 'delete')} ariaLabel={`Delete ${post.title}`}>
            Delete
          </Button>
        </SpaceBetween>
      ),
    },
  ];

  return (
    <>
      <CursorTable
        section={section}
        list={list}
        what="posts"
        tableLabel="Blog posts"
        columnDefinitions={columns}
        actions={
          <Button variant="primary" iconName="add-plus" onClick={() => edit('new')}>
            New post
          </Button>
        }
        empty={{ title: 'No posts yet', text: 'Write the first one: it stays a draft until you publish it.', action: <Button onClick={() => edit('new')}>New post</Button> }}
      />
      <ConfirmModal {...modal} header="Delete post" confirmText="Delete">
        {deciding ? (
          <Box variant="p">
            “{deciding.item.title}” is deleted for good, and its address /blog/{deciding.item.slug} stops working. This cannot be undone.
          </Box>
        ) : null}
      </ConfirmModal>
    </>
  );
}
