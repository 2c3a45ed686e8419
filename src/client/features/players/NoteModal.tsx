import { Modal, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect } from 'react';
import { noteSaveSchema, type Note } from '../../../shared/schemas/note';
import { ErrorTip } from '../../components/ErrorTip';
import { FormActions } from '../../components/FormActions';
import { apiPost, failureMessage } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { useTimedErrors } from '../../lib/useTimedErrors';
import { useRefreshPlayers } from './api';

/** Add / edit a note (docs/product.md#validation: details required). */
export function NoteModal({ playerId, note, opened, onClose }: { playerId: number; note: Note | null; opened: boolean; onClose: () => void }) {
  const refresh = useRefreshPlayers();
  const form = useForm({ initialValues: { details: note?.notes ?? '' }, validate: zod4Resolver(noteSaveSchema) });
  useTimedErrors(form);
  useEffect(() => {
    if (!opened) return;
    form.setValues({ details: note?.notes ?? '' });
    form.clearErrors();
  }, [opened, note]); // eslint-disable-line react-hooks/exhaustive-deps
  const save = useMutation({
    mutationFn: (details: string) => apiPost(note ? `/api/player/${playerId}/note/${note.id}` : `/api/player/${playerId}/notes`, { details }),
  });
  const submit = form.onSubmit(async ({ details }) => {
    try {
      await save.mutateAsync(details);
      await refresh();
      notifySuccess();
      onClose();
    } catch (e) {
      form.setErrors({ details: failureMessage(e) });
    }
  });
  const { error: _tooltip, ...input } = form.getInputProps('details');
  return (
    <Modal opened={opened} onClose={onClose} title={note ? 'Edit Note' : 'Add Note'} centered closeButtonProps={{ 'aria-label': 'Close' }} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <ErrorTip error={form.errors.details}>
            <Textarea label="Details" withAsterisk autosize minRows={5} maxRows={14} data-autofocus {...input} error={!!form.errors.details} />
          </ErrorTip>
          <FormActions onCancel={onClose} busy={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
