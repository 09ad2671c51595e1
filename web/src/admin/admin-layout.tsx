/**
 * The admin area's shell, composed as the Cloudscape demos do: AppLayout with the side navigation of the admin
 * sections and breadcrumbs, the section's page as content. It sits inside the site's header and footer
 * (headerSelector keeps its sticky parts below the site's sticky header). Cloudscape's own styles come with
 * its components in this lazily loaded chunk; the global-styles package is left out on purpose: it is
 * normalize.css plus 190 KB of inlined fonts, and its element rules would stay in the document and restyle
 * the public pages after a visit here (Cloudscape falls back to the system font stack).
 */
import AppLayout from '@cloudscape-design/components/app-layout';
import BreadcrumbGroup, { type BreadcrumbGroupProps } from '@cloudscape-design/components/breadcrumb-group';
import SideNavigation, { type SideNavigationProps } from '@cloudscape-design/components/side-navigation';
import type { ReactNode } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useRole } from '../lib/use-me.ts';
import { ADMIN_SECTIONS, SUPER_ADMIN_SECTION, adminHref, type AdminSection } from './admin-sections.ts';

// Cloudscape's current look (visual refresh), chosen before its first render as Cloudscape requires: it reads
// the class once. The class only selects Cloudscape's own styles, so the public pages are unaffected.
if (typeof document !== 'undefined') document.body.classList.add('awsui-visual-refresh');

const ARIA_LABELS = {
  navigation: 'Admin sections',
  navigationClose: 'Close admin sections',
  navigationToggle: 'Open admin sections',
  notifications: 'Notifications',
};

export interface AdminLayoutProps {
  /** The page; the matched child route when omitted. */
  children?: ReactNode;
}

export function AdminLayout({ children }: AdminLayoutProps) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const role = useRole();
  const current = sectionAt(pathname);

  // Cloudscape links are plain anchors: follow them inside the single-page app rather than reloading it.
  const follow = (event: CustomEvent<{ href?: string; external?: boolean }>) => {
    if (event.detail.external || !event.detail.href) return;
    event.preventDefault();
    void navigate(event.detail.href);
  };

  const items: SideNavigationProps.Item[] = [
    ...ADMIN_SECTIONS.map((section): SideNavigationProps.Item => ({ type: 'link', text: section.navText, href: adminHref(section) })),
    { type: 'divider' },
    ...(role === 'superadmin' ? [{ type: 'link', text: SUPER_ADMIN_SECTION.navText, href: SUPER_ADMIN_SECTION.path } as const] : []),
    { type: 'link', text: 'Back to RaceFinder', href: '/' },
  ];

  const breadcrumbs: BreadcrumbGroupProps.Item[] = [{ text: 'Admin', href: '/admin' }];
  if (current && current.path !== '') breadcrumbs.push({ text: current.navText, href: adminHref(current) });

  return (
    <AppLayout
      headerSelector=".site-header"
      ariaLabels={ARIA_LABELS}
      toolsHide
      navigation={
        <SideNavigation
          header={{ href: '/admin', text: 'RaceFinder admin' }}
          activeHref={current ? adminHref(current) : pathname}
          items={items}
          onFollow={follow}
        />
      }
      breadcrumbs={<BreadcrumbGroup items={breadcrumbs} ariaLabel="Breadcrumbs" expandAriaLabel="Show path" onFollow={follow} />}
      content={children ?? <Outlet />}
    />
  );
}

function sectionAt(pathname: string): AdminSection | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  return [...ADMIN_SECTIONS, SUPER_ADMIN_SECTION].find((section) => adminHref(section) === path);
}
