import Link, { type LinkProps } from '@cloudscape-design/components/link';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';

/** A Cloudscape link followed inside the single-page app (its plain anchor would reload the page). */
export function AdminLink({ href, children, ...rest }: Omit<LinkProps, 'onFollow'> & { href: string; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <Link
      href={href}
      onFollow={(event) => {
        event.preventDefault();
        void navigate(href);
      }}
      {...rest}
    >
      {children}
    </Link>
  );
}
