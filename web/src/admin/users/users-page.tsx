/**
 * /admin/users (spec 001 'User Management'): the stat cards from the user counters; a search (e-mail or name,
 * starting letters, sent 300 ms after typing stops) and a role filter, both on the server, with Clear filters;
 * the list (name or 'No Name', role, e-mail, joined, location) over numbered pages; a details dialog; and role
 * changes from the row's menu, each confirmed with an optional reason. The server enforces the rules (not
 * one's own role, admin roles by super admins only, never the last super admin); the menu disables what the
 * signed-in admin may not do and says why.
 */
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Flashbar from '@cloudscape-design/components/flashbar';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Modal from '@cloudscape-design/components/modal';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import Textarea from '@cloudscape-design/components/textarea';
import TextFilter from '@cloudscape-design/components/text-filter';
import { useEffect, useState } from 'react';
import type { Role } from '#shared/roles';
import type { Profile } from '#shared/schemas/profile';
import { ROLE_REASON_MAX, USER_ROLE_FILTERS, USER_SEARCH_MIN, type UserRoleFilter } from '#shared/schemas/user-admin';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { useAuth } from '../../lib/auth/auth-context.ts';
import { useRole } from '../../lib/use-me.ts';
import type { AdminSection } from '../admin-sections.ts';
import { CursorPagination, LoadFailed } from '../queue-parts.tsx';
import { useFlashes } from '../use-flashes.ts';
import { useNarrowScreen } from '../use-narrow-screen.ts';
import { useAdminUsers, useChangeRole, useUserStats } from './use-admin-users.ts';

const ROLE_TEXT: Record<Role, string> = { athlete: 'Athlete', organizer: 'Organizer', admin: 'Admin', superadmin: 'Super admin' };
const FILTER_TEXT: Record<UserRoleFilter, string> = { all: 'All Roles', admin: 'Admins', organizer: 'Organizers', athlete: 'Athletes' };
const MENU_ROLES: readonly Role[] = ['admin', 'organizer', 'athlete'];
const ADMIN_ROLES: readonly Role[] = ['admin', 'superadmin'];
const DEBOUNCE_MS = 300;

const nameOf = (user: Profile) => [user.firstName, user.lastName].filter(Boolean).join(' ') || 'No Name';
const joined = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });

/** Why the signed-in admin may not give `user` the role `role`, or undefined when they may. */
function refusal(user: Profile, role: Role, me: { id?: string; role: Role | null }): string | undefined {
  if (user.role === role) return 'Current role';
  if (user.id === me.id) return 'You cannot change your own role';
  if ((ADMIN_ROLES.includes(role) || ADMIN_ROLES.includes(user.role)) && me.role !== 'superadmin') return 'Only a super admin can change admin roles';
  return undefined;
}

export function UsersPage({ section }: { section: AdminSection }) {
  useDocumentTitle(section.title);
  const { user: signedIn } = useAuth();
  const myRole = useRole();
  const me = { id: signedIn?.id, role: myRole };
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [roleFilter, setRoleFilter] = useState<UserRoleFilter>('all');
  const [details, setDetails] = useState<Profile | undefined>();
  const [changing, setChanging] = useState<{ user: Profile; role: Role } | undefined>();
  const [reason, setReason] = useState('');
  const { items: flashItems, flash } = useFlashes();
  const narrow = useNarrowScreen();

  // The search goes to the server once typing pauses, and only with enough letters to mean something.
  useEffect(() => {
    const text = typed.trim();
    const timer = setTimeout(() => setQ(text.length >= USER_SEARCH_MIN ? text : ''), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const list = useAdminUsers(q, roleFilter);
  const stats = useUserStats();
  const change = useChangeRole(() => {
    void list.refresh();
    void stats.refetch();
  });

  const confirm = () => {
    if (!changing) return;
    const { user, role } = changing;
    change.mutate(
      { id: user.id, role, reason: reason.trim() || undefined },
      {
        onSuccess: (updated) => {
          flash({ type: 'success', header: 'Role changed', content: `${updated.email} is now ${ROLE_TEXT[updated.role].toLowerCase()}.` });
          setDetails((open) => (open?.id === updated.id ? updated : open));
        },
        onError: (error) => flash({ type: 'error', header: 'Role not changed', content: errorMessage(error) }),
      },
    );
    setChanging(undefined);
  };
  const ask = (user: Profile, role: Role) => {
    setReason('');
    setChanging({ user, role });
  };
  const filterOptions = USER_ROLE_FILTERS.map((value) => ({ value, label: FILTER_TEXT[value] }));
  const figures = stats.data;
  const card = (label: string, value: number | undefined) => (
    <div key={label}>
      <Box variant="awsui-key-label">{label}</Box>
      <Box variant="awsui-value-large">{stats.isError ? <StatusIndicator type="error">Unavailable</StatusIndicator> : value === undefined ? <StatusIndicator type="loading">Loading</StatusIndicator> : value.toLocaleString('en-US')}</Box>
    </div>
  );

  return (
    <SpaceBetween size="m">
      <Flashbar items={flashItems} />
      <Container
        header={
          <Header
            variant="h2"
            description={stats.isError ? `The figures could not be loaded: ${errorMessage(stats.error)}` : undefined}
            actions={stats.isError ? <Button onClick={() => void stats.refetch()}>Try again</Button> : undefined}
          >
            Users at a glance
          </Header>
        }
      >
        <ColumnLayout columns={6} variant="text-grid" minColumnWidth={120}>
          {card('Total Users', figures?.total)}
          {card('Admins', figures?.admins)}
          {card('Organizers', figures?.organizers)}
          {card('Athletes', figures?.athletes)}
          {card('New This Month', figures?.newThisMonth)}
          {card('Active Week', figures?.activeWeek)}
        </ColumnLayout>
      </Container>
      <Table
        variant="full-page"
        stickyHeader
        wrapLines
        trackBy="id"
        items={list.data?.items ?? []}
        // A phone shows who and what they are; the e-mail and the rest are in the details dialog.
        columnDisplay={narrow ? ['name', 'role', 'email', 'joined', 'location', 'actions'].map((id) => ({ id, visible: ['name', 'role', 'actions'].includes(id) })) : undefined}
        loading={list.isLoading || (list.isFetching && list.isPlaceholderData)}
        loadingText="Loading users"
        ariaLabels={{ tableLabel: 'Users' }}
        header={
          <Header variant="awsui-h1-sticky" description={section.purpose}>
            {section.title}
          </Header>
        }
        filter={
          <SpaceBetween size="s" direction="horizontal" alignItems="end">
            <TextFilter
              filteringText={typed}
              filteringPlaceholder="Search by e-mail or name"
              filteringAriaLabel="Search users by e-mail or name"
              filteringClearAriaLabel="Clear the search"
              onChange={({ detail }) => setTyped(detail.filteringText)}
              countText={list.data?.truncated ? 'Showing the first matches: type more to narrow' : undefined}
            />
            <Select
              inlineLabelText="Role"
              selectedOption={filterOptions.find((option) => option.value === roleFilter) ?? null}
              options={filterOptions}
              onChange={({ detail }) => setRoleFilter((detail.selectedOption.value ?? 'all') as UserRoleFilter)}
            />
            <Button
              disabled={!typed && roleFilter === 'all'}
              onClick={() => {
                setTyped('');
                setQ('');
                setRoleFilter('all');
              }}
            >
              Clear Filters
            </Button>
          </SpaceBetween>
        }
        columnDefinitions={[
          {
            id: 'name',
            header: 'Name',
            isRowHeader: true,
            cell: (user) => (
              <Button variant="inline-link" ariaLabel={`View details of ${user.email}`} onClick={() => setDetails(user)}>
                {nameOf(user)}
              </Button>
            ),
          },
          { id: 'role', header: 'Role', cell: (user) => <StatusIndicator type={ADMIN_ROLES.includes(user.role) ? 'info' : user.role === 'organizer' ? 'success' : 'stopped'} iconAriaLabel="">{ROLE_TEXT[user.role]}</StatusIndicator> },
          { id: 'email', header: 'E-mail', cell: (user) => user.email },
          { id: 'joined', header: 'Joined', cell: (user) => joined(user.createdAt) },
          { id: 'location', header: 'Location', cell: (user) => user.location ?? '-' },
          {
            id: 'actions',
            header: 'Actions',
            cell: (user) => (
              <ButtonDropdown
                variant="inline-icon"
                ariaLabel={`Actions for ${user.email}`}
                expandToViewport
                items={[
                  { id: 'details', text: 'View Details' },
                  ...MENU_ROLES.map((role) => {
                    const why = refusal(user, role, me);
                    return { id: role, text: `Make ${ROLE_TEXT[role]}`, disabled: why !== undefined, ...(why ? { disabledReason: why } : {}) };
                  }),
                ]}
                onItemClick={({ detail }) => (detail.id === 'details' ? setDetails(user) : ask(user, detail.id as Role))}
              />
            ),
          },
        ]}
        pagination={q ? undefined : <CursorPagination list={list} more={Boolean(list.data?.nextCursor)} />}
        empty={
          list.isError ? (
            <LoadFailed what="users" error={list.error} retry={() => void list.refetch()} />
          ) : (
            <Box textAlign="center" color="inherit">
              <b>No users found</b>
              <Box variant="p" color="inherit">
                {q ? `No user's e-mail or name starts with "${q}" in ${FILTER_TEXT[roleFilter].toLowerCase()}.` : 'Users appear here when they sign up.'}
              </Box>
            </Box>
          )
        }
      />
      <Modal visible={details !== undefined} onDismiss={() => setDetails(undefined)} header={details ? nameOf(details) : ''} footer={<Box float="right"><Button onClick={() => setDetails(undefined)}>Close</Button></Box>}>
        {details ? (
          <SpaceBetween size="l">
            <KeyValuePairs
              columns={2}
              items={[
                { label: 'Name', value: nameOf(details) },
                { label: 'E-mail', value: details.email },
                { label: 'Role', value: ROLE_TEXT[details.role] },
                { label: 'Joined', value: joined(details.createdAt) },
                { label: 'Location', value: details.location ?? '-' },
                { label: 'User id', value: details.id },
              ]}
            />
            <SpaceBetween size="xs" direction="horizontal">
              {MENU_ROLES.map((role) => (
                <Button key={role} disabled={refusal(details, role, me) !== undefined} onClick={() => ask(details, role)}>
                  Make {ROLE_TEXT[role]}
                </Button>
              ))}
            </SpaceBetween>
          </SpaceBetween>
        ) : null}
      </Modal>
      <Modal
        visible={changing !== undefined}
        onDismiss={() => setChanging(undefined)}
        header="Change role"
        footer={
          <Box float="right">
            <SpaceBetween size="xs" direction="horizontal">
              <Button variant="link" onClick={() => setChanging(undefined)}>
                Cancel
              </Button>
              <Button variant="primary" disabled={reason.length > ROLE_REASON_MAX} onClick={confirm}>
                Change role
              </Button>
            </SpaceBetween>
          </Box>
        }
      >
        {changing ? (
          <SpaceBetween size="m">
            <Box variant="p">
              {changing.user.email} becomes {ROLE_TEXT[changing.role].toLowerCase()} (now {ROLE_TEXT[changing.user.role].toLowerCase()}). It takes effect on their next request and
              is recorded in the activity.
            </Box>
            <FormField label="Reason (optional)" errorText={reason.length > ROLE_REASON_MAX ? `At most ${ROLE_REASON_MAX} characters` : undefined}>
              <Textarea value={reason} onChange={({ detail }) => setReason(detail.value)} />
            </FormField>
          </SpaceBetween>
        ) : null}
      </Modal>
    </SpaceBetween>
  );
}
