/**
 * Configuration: the system configuration stored on the server (GET/PUT /api/admin/system-config). Admins see
 * it; super admins change it (the server enforces the same). Checked with the route's own schema before it is
 * sent, and the server's field errors land on their fields too; 'Configuration Saved' confirms.
 */
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Flashbar, { type FlashbarProps } from '@cloudscape-design/components/flashbar';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Toggle from '@cloudscape-design/components/toggle';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { SystemConfigSettingsSchema, type SystemConfig, type SystemConfigSettings } from '#shared/schemas/system-config';
import { ApiError, errorMessage } from '../../lib/api-error.ts';
import { adminSystemArea } from '../../lib/api-areas/admin-system.ts';
import { useApi } from '../../lib/use-api.ts';
import { useRole } from '../../lib/use-me.ts';
import { SYSTEM_STATUS_QUERY_KEY } from '../../lib/system-status.ts';
import { boundsText, NUMBER_FIELDS, TOGGLE_FIELDS, type NumberField } from './config-fields.ts';

export const CONFIG_QUERY_KEY = ['admin', 'system-config'] as const;

type Draft = Omit<SystemConfigSettings, NumberField['key']> & Record<NumberField['key'], string>;
type FieldErrors = Partial<Record<keyof SystemConfigSettings, string>>;

function draftOf(config: SystemConfig): Draft {
  return {
    maintenanceMode: config.maintenanceMode,
    registrationEnabled: config.registrationEnabled,
    emailNotifications: config.emailNotifications,
    apiRateLimitPerHour: String(config.apiRateLimitPerHour),
    maxFileSizeMb: String(config.maxFileSizeMb),
    sessionTimeoutMinutes: String(config.sessionTimeoutMinutes),
  };
}

/** An empty box is no number (the schema says so) rather than 0. */
const asNumber = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text));

function settingsOf(draft: Draft): unknown {
  return {
    ...draft,
    apiRateLimitPerHour: asNumber(draft.apiRateLimitPerHour),
    maxFileSizeMb: asNumber(draft.maxFileSizeMb),
    sessionTimeoutMinutes: asNumber(draft.sessionTimeoutMinutes),
  };
}

/** Field errors by setting, from the schema's issues or the server's 400 ('body.<field>'). */
function errorsFrom(fields: Record<string, readonly string[]>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [name, messages] of Object.entries(fields)) {
    const key = name.replace(/^body\./, '') as keyof SystemConfigSettings;
    errors[key] ??= messages[0];
  }
  return errors;
}

function lastChange(config: SystemConfig): string {
  if (!config.updatedAt) return 'Never changed: the defaults apply.';
  const when = new Date(config.updatedAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
  return `Last changed ${when}${config.updatedBy ? ` by ${config.updatedBy.email}` : ''}.`;
}

export function ConfigPanel() {
  const api = useApi(adminSystemArea);
  const query = useQuery({ queryKey: CONFIG_QUERY_KEY, queryFn: ({ signal }) => api('getSystemConfig', {}, { signal }) });
  // Here rather than in the form, which starts over (a new key) once a save has stored a new version.
  const [flash, setFlash] = useState<FlashbarProps.MessageDefinition | null>(null);
  if (query.isPending) return <Container><StatusIndicator type="loading">Loading the configuration</StatusIndicator></Container>;
  if (query.isError) {
    return (
      <Alert type="error" header="The configuration could not be loaded" action={<Button onClick={() => void query.refetch()}>Retry</Button>}>
        {errorMessage(query.error)}
      </Alert>
    );
  }
  // Keyed by the stored version, so a save (or a reload with newer data) starts the form from what is stored.
  return (
    <SpaceBetween size="m">
      {flash ? <Flashbar items={[{ ...flash, dismissible: true, onDismiss: () => setFlash(null) }]} /> : null}
      <ConfigForm key={query.data.updatedAt ?? 'defaults'} config={query.data} onResult={setFlash} />
    </SpaceBetween>
  );
}

function ConfigForm({ config, onResult }: { config: SystemConfig; onResult: (flash: FlashbarProps.MessageDefinition | null) => void }) {
  const api = useApi(adminSystemArea);
  const queryClient = useQueryClient();
  const canEdit = useRole() === 'superadmin';
  const [draft, setDraft] = useState<Draft>(() => draftOf(config));
  const [errors, setErrors] = useState<FieldErrors>({});
  const setFlash = onResult;

  const save = useMutation({
    mutationFn: (settings: SystemConfigSettings) => api('updateSystemConfig', { body: settings }),
    onSuccess: (saved) => {
      queryClient.setQueryData(CONFIG_QUERY_KEY, saved);
      // The banner and sign-up form of this browser follow at once; other visitors within half a minute.
      void queryClient.invalidateQueries({ queryKey: SYSTEM_STATUS_QUERY_KEY });
      setFlash({
        type: 'success',
        header: 'Configuration Saved',
        content: 'Every part of RaceFinder follows the new settings within a few seconds.',
        id: 'saved',
      });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields) setErrors(errorsFrom(error.fields));
      setFlash({
        type: 'error',
        header: 'The configuration was not saved',
        content: errorMessage(error),
        id: 'failed',
      });
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setFlash(null);
    const parsed = SystemConfigSettingsSchema.safeParse(settingsOf(draft));
    if (!parsed.success) {
      setErrors(errorsFrom(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), [issue.message]]))));
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  }

  const disabled = !canEdit || save.isPending;
  return (
    <form onSubmit={submit} noValidate>
        <Form
          actions={
            canEdit ? (
              <Button variant="primary" formAction="submit" loading={save.isPending}>
                Save Configuration
              </Button>
            ) : undefined
          }
        >
          <Container header={<Header variant="h2" description={lastChange(config)}>Configuration</Header>}>
            <SpaceBetween size="l">
              {canEdit ? null : (
                <Alert type="info">Only super admins can change the system configuration. You can see it here.</Alert>
              )}
              {TOGGLE_FIELDS.map((field) => (
                <FormField key={field.key} label={field.label} description={field.description} errorText={errors[field.key]}>
                  <Toggle
                    checked={draft[field.key]}
                    disabled={disabled}
                    onChange={({ detail }) => setDraft((current) => ({ ...current, [field.key]: detail.checked }))}
                  >
                    {draft[field.key] ? 'On' : 'Off'}
                  </Toggle>
                </FormField>
              ))}
              {NUMBER_FIELDS.map((field) => (
                <FormField
                  key={field.key}
                  label={`${field.label} (${field.unit})`}
                  description={field.description}
                  constraintText={boundsText(field)}
                  errorText={errors[field.key]}
                >
                  <Input
                    type="number"
                    inputMode="numeric"
                    value={draft[field.key]}
                    disabled={disabled}
                    invalid={Boolean(errors[field.key])}
                    onChange={({ detail }) => {
                      setDraft((current) => ({ ...current, [field.key]: detail.value }));
                      if (errors[field.key]) setErrors((current) => ({ ...current, [field.key]: undefined }));
                    }}
                  />
                </FormField>
              ))}
              <Box variant="small" color="text-body-secondary">
                Stored on the server and shared by every admin; not kept in this browser.
              </Box>
            </SpaceBetween>
          </Container>
        </Form>
    </form>
  );
}
