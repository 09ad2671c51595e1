/**
 * Writing or editing a blog post: title, slug (suggested from the title until the admin edits it), summary and
 * the Markdown body with a Preview tab that shows what visitors will get (the server's own renderer and
 * sanitizer, POST /api/admin/blog-posts/preview). A draft is saved or published; a published post is saved or
 * unpublished. Fields are checked with the server's schema before sending, and the server's field errors (a
 * slug another post has: 409) land under their fields with nothing typed lost. Leaving with unsaved changes asks
 * first.
 */
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import Tabs from '@cloudscape-design/components/tabs';
import Textarea from '@cloudscape-design/components/textarea';
import { useState } from 'react';
import {
  CreateBlogPostBodySchema,
  MAX_BLOG_SUMMARY_LENGTH,
  slugFromTitle,
  type BlogPost,
  type BlogPostStatus,
} from '#shared/schemas/blog-post';
import { ApiError, errorMessage } from '../../lib/api-error.ts';
import { bodyFieldErrors } from '../../lib/body-field-errors.ts';
import { ConfirmModal } from '../queue-parts.tsx';
import { useAdminBlogPost, useBlogPostWrites, useBlogPreview } from './use-admin-blog.ts';
// The preview is set as the public post page sets it.
import '../../features/blog/pages/blog.css';

type Fields = Pick<BlogPost, 'title' | 'slug' | 'summary' | 'body'>;
type FieldErrors = Partial<Record<keyof Fields | 'status', string>>;

const EMPTY: Fields = { title: '', slug: '', summary: '', body: '' };

export interface BlogPostEditorProps {
  /** The post to edit; a new post when absent. */
  readonly id?: string;
  /** Back to the list, with what happened (nothing when the admin cancelled). */
  onDone(message?: string): void;
}

export function BlogPostEditor({ id, onDone }: BlogPostEditorProps) {
  const post = useAdminBlogPost(id);
  if (id === undefined) return <PostForm onDone={onDone} />;
  if (post.isPending) {
    return (
      <Container header={<Header variant="h1">Edit blog post</Header>}>
        <Spinner /> Loading the post
      </Container>
    );
  }
  if (post.isError) {
    return (
      <Alert
        type="error"
        header={post.error instanceof ApiError && post.error.status === 404 ? 'This post no longer exists' : 'Unable to load the post'}
        action={<Button onClick={() => onDone()}>Back to posts</Button>}
      >
        {errorMessage(post.error)}
      </Alert>
    );
  }
  return <PostForm post={post.data} onDone={onDone} />;
}

function PostForm({ post, onDone }: { post?: BlogPost; onDone(message?: string): void }) {
  const initial: Fields = post ? { title: post.title, slug: post.slug, summary: post.summary, body: post.body } : EMPTY;
  const [fields, setFields] = useState<Fields>(initial);
  // A new post's slug follows its title until the admin types one; an existing post's address stays put.
  const [slugEdited, setSlugEdited] = useState(post !== undefined);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const [tab, setTab] = useState('write');
  const [leaving, setLeaving] = useState(false);
  const { create, update } = useBlogPostWrites();
  const preview = useBlogPreview();
  const saving = create.isPending || update.isPending;
  const dirty = (Object.keys(initial) as (keyof Fields)[]).some((name) => fields[name] !== initial[name]);
  const published = post?.status === 'published';

  const change = (name: keyof Fields, value: string) => {
    setFields((current) => ({ ...current, [name]: value, ...(name === 'title' && !slugEdited ? { slug: slugFromTitle(value) } : {}) }));
    if (name === 'slug') setSlugEdited(true);
    if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const save = (status: BlogPostStatus) => {
    setFormError(undefined);
    const parsed = CreateBlogPostBodySchema.safeParse({ ...fields, status });
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as keyof FieldErrors] ??= issue.message;
      setErrors(found);
      if (found.body) setTab('write');
      return;
    }
    setErrors({});
    const message = status === 'published' ? (published ? 'Changes saved' : 'Post published') : published ? 'Post unpublished' : 'Draft saved';
    const failed = (error: unknown) => {
      const fieldErrors = bodyFieldErrors(error) as FieldErrors;
      if (error instanceof ApiError && error.status === 409 && /slug/i.test(error.message)) fieldErrors.slug = error.message;
      setErrors(fieldErrors);
      if (Object.keys(fieldErrors).length === 0) setFormError(errorMessage(error));
    };
    if (post) update.mutate({ id: post.id, body: parsed.data }, { onSuccess: () => onDone(message), onError: failed });
    else create.mutate(parsed.data, { onSuccess: () => onDone(message), onError: failed });
  };

  const showTab = (next: string) => {
    setTab(next);
    if (next === 'preview' && fields.body.trim()) preview.mutate(fields.body);
  };

  let previewContent;
  if (!fields.body.trim()) previewContent = <Box color="text-body-secondary">Nothing to preview yet: write the body first.</Box>;
  else if (preview.isPending) previewContent = <Spinner />;
  else if (preview.isError) {
    previewContent = (
      <Alert type="error" header="Unable to show the preview" action={<Button onClick={() => preview.mutate(fields.body)}>Retry</Button>}>
        {errorMessage(preview.error)}
      </Alert>
    );
  } else if (preview.data) {
    // The server rendered and sanitized it, exactly as it will for visitors.
    previewContent = <div className="blog-body blog-body--preview" dangerouslySetInnerHTML={{ __html: preview.data.html }} />;
  }

  return (
    <form onSubmit={(event) => event.preventDefault()} noValidate>
      <Form
        header={
          <Header variant="h1" description={post ? `By ${post.authorName}. ${published ? `Live at /blog/${post.slug}.` : 'A draft: visitors do not see it.'}` : 'A new post stays a draft until you publish it.'}>
            {post ? 'Edit blog post' : 'New blog post'}
          </Header>
        }
        errorText={formError}
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button formAction="none" variant="link" onClick={() => (dirty ? setLeaving(true) : onDone())}>
              Cancel
            </Button>
            <Button formAction="none" disabled={saving} onClick={() => save('draft')}>
              {published ? 'Unpublish' : 'Save draft'}
            </Button>
            <Button formAction="none" variant="primary" loading={saving} onClick={() => save('published')}>
              {published ? 'Save' : 'Publish'}
            </Button>
          </SpaceBetween>
        }
      >
        <Container>
          <SpaceBetween size="l">
            <FormField label="Title" errorText={errors.title}>
              <Input value={fields.title} onChange={({ detail }) => change('title', detail.value)} ariaRequired />
            </FormField>
            <FormField
              label="Slug"
              description={`The post's address: /blog/${fields.slug || '…'}. Lower-case letters, digits and hyphens.${published ? ' Changing it breaks links to the old address.' : ''}`}
              errorText={errors.slug}
            >
              <Input value={fields.slug} onChange={({ detail }) => change('slug', detail.value)} ariaRequired />
            </FormField>
            <FormField
              label="Summary"
              description="One or two sentences, shown in the list of posts and under the title."
              constraintText={`${fields.summary.length} of ${MAX_BLOG_SUMMARY_LENGTH} characters`}
              errorText={errors.summary}
            >
              <Textarea value={fields.summary} rows={2} onChange={({ detail }) => change('summary', detail.value)} ariaRequired />
            </FormField>
            <FormField
              label="Body (Markdown)"
              description="Markdown: ## Heading, **bold**, _italic_, [link](https://…), ![image](https://…), - list items. Scripts and other HTML are removed when the post is saved."
              errorText={errors.body}
              stretch
            >
              <Tabs
                activeTabId={tab}
                onChange={({ detail }) => showTab(detail.activeTabId)}
                ariaLabel="Write or preview the body"
                tabs={[
                  {
                    id: 'write',
                    label: 'Write',
                    content: <Textarea value={fields.body} rows={18} onChange={({ detail }) => change('body', detail.value)} ariaRequired />,
                  },
                  { id: 'preview', label: 'Preview', content: previewContent },
                ]}
              />
            </FormField>
          </SpaceBetween>
        </Container>
      </Form>
      <ConfirmModal visible={leaving} header="Discard your changes?" cancelText="Keep editing" confirmText="Discard changes" onCancel={() => setLeaving(false)} onConfirm={() => onDone()}>
        What you changed since the last save is lost.
      </ConfirmModal>
    </form>
  );
}
