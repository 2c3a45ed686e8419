import { Alert, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { permissionsAt, type Permissions } from '../../../shared/permissions';
import { roleSaveSchema, type Role } from '../../../shared/schemas/role';
import { ErrorTip } from '../../components/ErrorTip';
import { FormActions } from '../../components/FormActions';
import { FormModal } from '../../components/FormModal';
import { failureMessage } from '../../lib/api';
import { useMe } from '../../lib/auth';
import { useFormOnOpen } from '../../lib/useFormOnOpen';
import { useTimedErrors } from '../../lib/useTimedErrors';
import { useSaveRole } from './api';
import { PermissionMatrix } from './PermissionMatrix';

interface FormValues {
  title: string;
  admin: boolean;
  permissions: Permissions;
}

const valuesOf = (role: Role | null): FormValues =>
  role
    ? { title: role.title, admin: role.admin, permissions: { ...role.permissions } }
    : { title: '', admin: false, permissions: permissionsAt(0) };

const resolve = zod4Resolver(roleSaveSchema);

/** Add role / Edit role, with the permissions matrix (docs/product.md#screens and docs/product.md#validation). */
export function RoleFormModal({ opened, role, onClose }: { opened: boolean; role: Role | null; onClose: () => void }) {
  const { data: me } = useMe();
  const save = useSaveRole(role?.id ?? null);
  const form = useForm<FormValues>({ initialValues: valuesOf(role), validate: (v) => resolve({ ...v }) });
  useTimedErrors(form);

  useFormOnOpen(form, opened, () => valuesOf(role), [role]);

  if (!me) return null;
  const isSuperadmin = me.roleKey === 'superadmin';

  const submit = form.onSubmit(async (values) => {
    try {
      await save.mutateAsync(roleSaveSchema.parse(values));
      onClose();
    } catch (e) {
      // docs/product.md#errors: a server error shows as a tooltip on the title field.
      form.setErrors({ title: failureMessage(e) });
    }
  });

  const { error: _hidden, ...titleProps } = form.getInputProps('title');
  return (
    <FormModal opened={opened} onClose={onClose} title={role ? 'Edit Role' : 'Add Role'} size="lg" onSubmit={submit}>
      <ErrorTip error={form.errors.title}>
        <TextInput
          label="Title"
          placeholder="e.g. Assistant coach"
          withAsterisk
          data-autofocus
          error={!!form.errors.title}
          {...titleProps}
        />
      </ErrorTip>
      <PermissionMatrix
        value={{ admin: form.values.admin, permissions: form.values.permissions }}
        onChange={(next) => {
          form.setFieldValue('admin', next.admin);
          form.setFieldValue('permissions', next.permissions);
          form.clearFieldError('permissions');
        }}
        ceiling={isSuperadmin ? permissionsAt(2) : me.permissions}
        canSetAdmin={isSuperadmin && !role?.key}
        invalid={!!form.errors.permissions}
      />
      {form.errors.permissions ? (
        <Alert color="red" variant="light" role="alert">
          {form.errors.permissions}
        </Alert>
      ) : null}
      <FormActions onCancel={onClose} busy={save.isPending} label={role ? 'Save' : 'Add Role'} />
    </FormModal>
  );
}
