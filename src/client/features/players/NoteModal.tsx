import { Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { noteSaveSchema, type Note } from '../../../shared/schemas/note';
import { ErrorTip } from '../../components/ErrorTip';
import { FormActions } from '../../components/FormActions';
import { FormModal } from '../../components/FormModal';
import { failureMessage } from '../../lib/api';
import { useFormOnOpen } from '../../lib/useFormOnOpen';
import { useTimedErrors } from '../../lib/useTimedErrors';
import { useSaveNote } from './api';

/** Add / edit a note (docs/product.md#validation: details required). */
export function NoteModal({
  playerId,
  note,
  opened,
  onClose,
}: {
  playerId: number;
  note: Note | null;
  opened: boolean;
  onClose: () => void;
}) {
  const form = useForm({ initialValues: { details: note?.notes ?? '' }, validate: zod4Resolver(noteSaveSchema) });
  useTimedErrors(form);
  useFormOnOpen(form, opened, () => ({ details: note?.notes ?? '' }), [note]);
  const save = useSaveNote(playerId, note?.id ?? null);
  const submit = form.onSubmit(async ({ details }) => {
    try {
      await save.mutateAsync(details);
      onClose();
    } catch (e) {
      form.setErrors({ details: failureMessage(e) });
    }
  });
  const { error: _tooltip, ...input } = form.getInputProps('details');
  return (
    <FormModal opened={opened} onClose={onClose} title={note ? 'Edit Note' : 'Add Note'} size="lg" onSubmit={submit}>
      <ErrorTip error={form.errors.details}>
        <Textarea label="Details" withAsterisk autosize minRows={5} maxRows={14} data-autofocus {...input} error={!!form.errors.details} />
      </ErrorTip>
      <FormActions onCancel={onClose} busy={save.isPending} />
    </FormModal>
  );
}
