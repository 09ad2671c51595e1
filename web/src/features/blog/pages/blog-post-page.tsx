/**
 * /blog/:slug: one published post. Its HTML was rendered from the author's Markdown and sanitized on the server
 * when the post was saved (lambdas/admin-blog/markdown.ts), so it is set as it comes; the site's
 * Content-Security-Policy (no inline scripts) stands behind that. A draft or unknown slug is a 404 state.
 */
import { Link, useParams } from 'react-router-dom';
import { ButtonLink } from '../../../components/button.tsx';
import { LoadErrorPanel } from '../../../components/load-error-panel.tsx';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { StatusPage } from '../../../components/status-page.tsx';
import { useDocumentTitle } from '../../../components/use-document-title.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { useBlogPost } from '../api/use-blog.ts';
import { formatPostDate } from '../components/post-date.ts';
import './blog.css';

export default function BlogPostPage() {
  const { slug = '' } = useParams();
  const post = useBlogPost(slug);
  useDocumentTitle(post.data?.title ?? 'Blog');

  if (post.isPending) {
    return (
      <div className="container blog-post">
        <LoadingBlock label="Loading the post" />
      </div>
    );
  }
  if (post.isError) {
    if (post.error instanceof ApiError && (post.error.status === 404 || post.error.status === 400)) {
      return (
        <StatusPage
          heading="Post not found"
          text="There is no post at this address. It may have been moved or taken down."
          actions={
            <ButtonLink to="/blog" variant="primary">
              See all posts
            </ButtonLink>
          }
        />
      );
    }
    return (
      <div className="container blog-post">
        <LoadErrorPanel title="Unable to load this post" error={post.error} retry={() => void post.refetch()} />
      </div>
    );
  }

  const { title, summary, authorName, publishedAt, html } = post.data;
  return (
    <article className="container blog-post" aria-labelledby="blog-post-title">
      <p className="blog-post__back">
        <Link to="/blog">← All posts</Link>
      </p>
      <header className="blog-post__header">
        <h1 id="blog-post-title" className="blog-post__title">
          {title}
        </h1>
        <p className="blog-post__summary">{summary}</p>
        <p className="blog-meta">
          <time dateTime={publishedAt}>{formatPostDate(publishedAt)}</time> · {authorName}
        </p>
      </header>
      {/* Sanitized on the server: see this file's header. */}
      <div className="blog-body" dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}
