import { ActionIcon, Alert, Autocomplete, Checkbox, Group, Modal, SimpleGrid, Stack, TextInput, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect, useState } from 'react';
import { HIGHLIGHT_MS } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { resourceSaveSchema, type Resource, type ResourceSaveInput } from '../../../shared/schemas/resource';
import { ErrorTip } from '../../components/ErrorTip';
import { FormActions } from '../../components/FormActions';
import { RepeatableList } from '../../components/RepeatableList';
import { VideoLinksField } from '../../components/VideoLinksField';
import { ApiError } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { useTimedErrors } from '../../lib/useTimedErrors';
import { resourceFacetsQuery, resourceRolesQuery, useSaveResource } from './api';

interface FormValues {
  title: string;
  category: string;
  video_links: string[];
  document_links: string[];
  tags: string[];
  access: string[];
}

const atLeastOne = (list: string[]) => (list.length ? list : ['']);

function initial(resource: Resource | null): FormValues {
  return {
    title: resource?.title ?? '',
    category: resource?.category ?? '',
    video_links: atLeastOne(resource?.video_links ?? []),
    document_links: atLeastOne(resource?.document_links ?? []),
    tags: atLeastOne(resource?.tags ?? []),
    access: (resource?.access ?? []).map(String),
  };
}

/** Keeps the typed text readable on an error field: the red border marks it, red text would fail contrast. */
const readableError = { input: { color: 'var(--mantine-color-text)' } };

const toBody = (v: FormValues): ResourceSaveInput => ({ ...v, access: v.access.map(Number) });
const listErrors = (errors: Record<string, unknown>, key: string, n: number) =>
  Array.from({ length: n }, (_, i) => (errors[`${key}.${i}`] as string | undefined) ?? undefined);

/** Add (resource = null) or edit a resource: docs/product.md#resources and #validation. */
export function ResourceFormModal({ opened, resource, onClose }: { opened: boolean; resource: Resource | null; onClose: () => void }) {
  const roles = useQuery({ ...resourceRolesQuery, enabled: opened });
  const facets = useQuery({ ...resourceFacetsQuery, enabled: opened });
  const save = useSaveResource();
  const [linksAlert, setLinksAlert] = useState(false);

  const schemaResolver = zod4Resolver(resourceSaveSchema);
  const form = useForm<FormValues>({
    initialValues: initial(resource),
    validate: (values) => schemaResolver(toBody(values) as never),
  });
  useTimedErrors(form);

  useEffect(() => {
    if (opened) {
      form.setValues(initial(resource));
      form.resetDirty();
      form.clearErrors();
      setLinksAlert(false);
    }
  }, [opened, resource]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (!linksAlert) return;
    const id = setTimeout(() => setLinksAlert(false), HIGHLIGHT_MS);
    return () => clearTimeout(id);
  }, [linksAlert]);

  const submit = (values: FormValues) =>
    save.mutate(
      { id: resource?.id, body: toBody(values) },
      {
        onSuccess: () => {
          notifySuccess();
          onClose();
        },
        onError: (e) => {
          const message = e instanceof ApiError ? e.message : 'Could not save the resource.';
          if (e instanceof ApiError && e.field === 'links') setLinksAlert(true);
          // docs/product.md#errors: other server messages show on the title field.
          else form.setFieldError('title', message);
        },
      },
    );

  const onInvalid = (errors: Record<string, unknown>) => {
    if (errors.links) {
      setLinksAlert(true);
      form.clearFieldError('links');
    }
  };

  const { errors } = form;
  const fieldError = (key: string) => (errors[key] as string | undefined) ?? undefined;
  const listField = (key: 'video_links' | 'document_links' | 'tags') => ({
    values: form.values[key],
    errors: listErrors(errors, key, form.values[key].length),
    onChange: (v: string[]) => form.setFieldValue(key, v),
    inputStyles: readableError,
  });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={resource ? 'Edit Resource' : 'Add New Resource'}
      size="lg"
      fullScreen={false}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={form.onSubmit(submit, onInvalid)} noValidate>
        <Stack gap="md">
          {linksAlert ? (
            <Alert color="red" role="alert" variant="light">
              {MSG.resourceLinks}
            </Alert>
          ) : null}
          <ErrorTip error={fieldError('title')}>
            <TextInput label="Title" required {...form.getInputProps('title')} error={!!errors.title} styles={readableError} />
          </ErrorTip>
          <ErrorTip error={fieldError('category')}>
            <Autocomplete
              label="Category"
              required
              data={facets.data?.categories ?? []}
              {...form.getInputProps('category')}
              error={!!errors.category}
              styles={readableError}
            />
          </ErrorTip>
          <VideoLinksField {...listField('video_links')} />
          <RepeatableList
            label="Document Links"
            itemLabel="Document link"
            addLabel="Add another document link"
            placeholder="https://…"
            {...listField('document_links')}
          />
          <RepeatableList
            label="Tags"
            itemLabel="Tag"
            addLabel="Add another tag"
            required
            suggestions={facets.data?.tags ?? []}
            {...listField('tags')}
          />
          <Checkbox.Group
            label={
              <Group gap={4} component="span">
                Access Control
                <Tooltip label={MSG.resourceAccessTooltip} multiline w={260} withArrow events={{ hover: true, focus: true, touch: true }}>
                  <ActionIcon variant="subtle" size="sm" aria-label="About access control" component="span" tabIndex={0} role="img">
                    <IconInfoCircle size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            }
            value={form.values.access}
            onChange={(v) => form.setFieldValue('access', v)}
          >
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt="xs">
              {(roles.data ?? []).map((r) => (
                <Checkbox key={r.id} value={String(r.id)} label={r.title} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          <FormActions onCancel={onClose} busy={save.isPending} label={resource ? 'Save' : 'Add Resource'} mt="sm" />
        </Stack>
      </form>
    </Modal>
  );
}
