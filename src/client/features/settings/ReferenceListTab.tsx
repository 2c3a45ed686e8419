import { ActionIcon, Alert, Button, Group, NativeSelect, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { LEVEL_KIND_LABELS, LEVEL_KINDS } from '../../../shared/schemas/reference';
import { ConfirmModal } from '../../components/ConfirmModal';
import { DataTable } from '../../components/DataTable';
import { EmptyState } from '../../components/EmptyState';
import { ErrorTip } from '../../components/ErrorTip';
import { FormActions } from '../../components/FormActions';
import { FormModal } from '../../components/FormModal';
import { Loading } from '../../components/Loading';
import { ApiError } from '../../lib/api';
import { useTimedErrors } from '../../lib/useTimedErrors';
import { referenceListQuery, useAddReference, useDeleteReference, useSaveReference, type ReferenceList, type ReferenceRow } from './api';
import classes from './settings.module.css';

type Values = Record<string, string>;

export interface ReferenceListProps {
  /** Lower-case singular for labels and messages: 'club', 'season', 'level', 'achievement'. */
  noun: string;
  help: string;
  list: ReferenceList;
  /** The payload field the server validates and names in its errors. */
  field: 'name' | 'title';
  /** The shared zod schema of the create/rename payload. */
  schema: z.ZodType;
  withKind?: boolean;
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const labelOf = (row: ReferenceRow) => row.name ?? row.title ?? '';
const kindOptions = LEVEL_KINDS.map((k) => ({ value: k, label: LEVEL_KIND_LABELS[k] }));

/** Turns an API failure into a field error, or sends the user away when the session lost its rights. */
function useServerErrors() {
  const navigate = useNavigate();
  return (e: unknown, setError: (field: string, message: string) => void, fallbackField: string) => {
    if (e instanceof ApiError && e.status === 403) return void navigate('/app/unauthorized');
    const message = e instanceof Error ? e.message : 'Something went wrong. Please try again.';
    setError(e instanceof ApiError && e.field ? e.field : fallbackField, message);
  };
}

function Fields({
  props,
  form,
  labelPrefix,
}: {
  props: ReferenceListProps;
  form: ReturnType<typeof useForm<Values>>;
  labelPrefix: string;
}) {
  const { field, withKind } = props;
  return (
    <>
      <ErrorTip error={form.errors[field]} style={{ flex: '1 1 220px' }}>
        <TextInput
          label={`${labelPrefix}${field === 'title' ? 'title' : 'name'}`}
          required
          maxLength={100}
          {...form.getInputProps(field)}
          error={!!form.errors[field]}
        />
      </ErrorTip>
      {withKind ? (
        <ErrorTip error={form.errors.kind} style={{ flex: '0 1 180px' }}>
          <NativeSelect label="Kind" data={kindOptions} {...form.getInputProps('kind')} error={!!form.errors.kind} />
        </ErrorTip>
      ) : null}
    </>
  );
}

function AddForm(props: ReferenceListProps) {
  const { noun, field, list, schema, withKind } = props;
  const onError = useServerErrors();
  const form = useForm<Values>({
    initialValues: { [field]: '', ...(withKind ? { kind: 'scale_1_10' } : {}) },
    validate: zod4Resolver(schema),
  });
  useTimedErrors(form);
  const add = useAddReference(list, form.reset);

  const submit = form.onSubmit(async (values) => {
    try {
      await add.mutateAsync(values);
    } catch (e) {
      onError(e, form.setFieldError, field);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={`Add ${noun}`}>
      <Group align="flex-end" gap="sm" wrap="wrap" maw={720}>
        <Fields props={props} form={form} labelPrefix={`New ${noun} `} />
        <Button type="submit" leftSection={<IconPlus size={18} />} loading={form.submitting} size="md">
          {`Add ${noun}`}
        </Button>
      </Group>
    </form>
  );
}

function EditModal({ props, row, onClose }: { props: ReferenceListProps; row: ReferenceRow; onClose: () => void }) {
  const { noun, field, list, schema, withKind } = props;
  const save = useSaveReference(list, row.id);
  const onError = useServerErrors();
  const form = useForm<Values>({
    initialValues: { [field]: labelOf(row), ...(withKind ? { kind: row.kind ?? 'scale_1_10' } : {}) },
    validate: zod4Resolver(schema),
  });
  useTimedErrors(form);

  const submit = form.onSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      onClose();
    } catch (e) {
      onError(e, form.setFieldError, field);
    }
  });

  return (
    <FormModal opened onClose={onClose} title={withKind ? `Edit ${noun}` : `Rename ${noun}`} onSubmit={submit}>
      <Fields props={props} form={form} labelPrefix={`${capital(noun)} `} />
      <FormActions onCancel={onClose} busy={form.submitting} />
    </FormModal>
  );
}

function DeleteModal({ props, row, onClose }: { props: ReferenceListProps; row: ReferenceRow; onClose: () => void }) {
  const remove = useDeleteReference(props.list);
  const navigate = useNavigate();
  const confirm = async () => {
    try {
      await remove.mutateAsync(row.id);
    } catch (e) {
      if (e instanceof ApiError && e.status === 403) return void navigate('/app/unauthorized');
      throw e;
    }
  };
  return (
    <ConfirmModal opened title={`Delete ${props.noun}`} onClose={onClose} onConfirm={confirm}>
      <Text>{`Are you sure you want to delete ${labelOf(row)}?`}</Text>
    </ConfirmModal>
  );
}

/** A reference list with inline add, rename/edit in a modal and delete with confirmation. */
export function ReferenceListTab(props: ReferenceListProps) {
  const { help, withKind } = props;
  const { data, isPending, error } = useQuery(referenceListQuery(props.list));
  const [editing, setEditing] = useState<ReferenceRow | null>(null);
  const [deleting, setDeleting] = useState<ReferenceRow | null>(null);

  return (
    <Stack gap="md">
      <Text className={classes.help} size="sm">
        {help}
      </Text>
      <AddForm {...props} />
      {isPending ? (
        <Loading />
      ) : error ? (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      ) : data.length === 0 ? (
        <EmptyState />
      ) : (
        <DataTable
          minWidth={300}
          striped
          highlightOnHover
          verticalSpacing="xs"
          columns={[
            props.field === 'title' ? 'Title' : 'Name',
            withKind ? 'Kind' : null,
            <Table.Th w={110} ta="right">
              Actions
            </Table.Th>,
          ]}
        >
          {data.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td style={{ overflowWrap: 'break-word' }}>{labelOf(row)}</Table.Td>
              {withKind ? <Table.Td>{row.kind ? LEVEL_KIND_LABELS[row.kind] : ''}</Table.Td> : null}
              <Table.Td>
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <Tooltip label={withKind ? 'Edit' : 'Rename'}>
                    <ActionIcon
                      variant="subtle"
                      size="xl"
                      aria-label={`${withKind ? 'Edit' : 'Rename'} ${labelOf(row)}`}
                      onClick={() => setEditing(row)}
                    >
                      <IconPencil size={20} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Delete">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="xl"
                      aria-label={`Delete ${labelOf(row)}`}
                      onClick={() => setDeleting(row)}
                    >
                      <IconTrash size={20} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
      {editing ? <EditModal props={props} row={editing} onClose={() => setEditing(null)} /> : null}
      {deleting ? <DeleteModal props={props} row={deleting} onClose={() => setDeleting(null)} /> : null}
    </Stack>
  );
}
