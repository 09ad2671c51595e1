/**
 * /blog: published posts, newest first, each with its summary, date and author; more with "Show more posts"
 * (the API's cursor). Loading, empty ('No posts yet') and error (Try again) states.
 */
import { Link } from 'react-router-dom';
import { Alert } from '../../../components/alert.tsx';
import { Button } from '../../../components/button.tsx';
import { LoadErrorPanel } from '../../../components/load-error-panel.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { useDocumentTitle } from '../../../components/use-document-title.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { useBlogPosts } from '../api/use-blog.ts';
import { formatPostDate } from '../components/post-date.ts';
import '../../../components/state-panel.css';
import './blog.css';

export default function BlogPage() {
  useDocumentTitle('Blog');
  const posts = useBlogPosts();
  const items = posts.data?.pages.flatMap((page) => page.items) ?? [];

  let body;
  if (posts.isPending) {
    body = <LoadingBlock label="Loading posts" />;
  } else if (posts.isError && items.length === 0) {
    body = <LoadErrorPanel title="Unable to load the blog" error={posts.error} retry={() => void posts.refetch()} />;
  } else if (items.length === 0) {
    body = (
      <div className="state-panel">
        <p className="state-panel__title">No posts yet</p>
        <p className="state-panel__text">Articles on racing, training and the endurance community will appear here.</p>
      </div>
    );
  } else {
    body = (
      <>
        <ol className="blog-list">
          {items.map((post) => (
            <li key={post.slug} className="blog-card">
              <article aria-labelledby={`post-${post.slug}`}>
                <h2 id={`post-${post.slug}`} className="blog-card__title">
                  <Link to={`/blog/${post.slug}`}>{post.title}</Link>
                </h2>
                <p className="blog-meta">
                  <time dateTime={post.publishedAt}>{formatPostDate(post.publishedAt)}</time> · {post.authorName}
                </p>
                <p className="blog-card__summary">{post.summary}</p>
                <Link className="blog-card__more" to={`/blog/${post.slug}`} aria-label={`Read ${post.title}`}>
                  Read more
                </Link>
              </article>
            </li>
          ))}
        </ol>
        {posts.isFetchNextPageError ? (
          <Alert tone="error" title="Unable to load more posts">
            <p>{errorMessage(posts.error)}</p>
          </Alert>
        ) : null}
        {posts.hasNextPage ? (
          <Button onClick={() => void posts.fetchNextPage()} disabled={posts.isFetchingNextPage}>
            {posts.isFetchingNextPage ? 'Loading…' : 'Show more posts'}
          </Button>
        ) : null}
      </>
    );
  }

  return (
    <>
      <PageHeader title="Blog" lede="Articles on racing, training and the endurance community, from the RaceFinder team." />
      <div className="container blog-page">{body}</div>
    </>
  );
}
