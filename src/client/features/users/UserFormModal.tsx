import { Select, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { userCreateSchema, userUpdateSchema, type User } from '../../../shared/schemas/user';
import { ErrorTip } from '../../components/ErrorTip';
import { FormActions } from '../../components/FormActions';
import { FormModal } from '../../components/FormModal';
import { failureMessage } from '../../lib/api';
import { useFormOnOpen } from '../../lib/useFormOnOpen';
import { useTimedErrors } from '../../lib/useTimedErrors';
import { rolesQuery, useCreateUser, useUpdateUser } from './api';
import { useAssignableRoles } from './useAssignableRoles';

interface FormValues {
  first_name: string;
  last_name: string;
  email: string;
  role: string;
}

const createResolver = zod4Resolver(userCreateSchema);
const updateResolver = zod4Resolver(userUpdateSchema);
const valuesOf = (user: User | null): FormValues =>
  user
    ? { first_name: user.first_name, last_name: user.last_name, email: user.email, role: String(user.role) }
    : { first_name: '', last_name: '', email: '', role: '' };

/** Add Single / Edit user. Role and e-mail are fixed once the account exists (docs/product.md#validation). */
export function UserFormModal({ opened, user, onClose }: { opened: boolean; user: User | null; onClose: () => void }) {
  const roles = useQuery({ ...rolesQuery, enabled: opened });
  const assignable = useAssignableRoles(roles.data);
  const create = useCreateUser();
  const update = useUpdateUser(user?.id ?? 0);
  const form = useForm<FormValues>({
    initialValues: valuesOf(user),
    validate: (v) => (user ? updateResolver({ ...v }) : createResolver({ ...v })),
  });
  useTimedErrors(form);

  useFormOnOpen(form, opened, () => valuesOf(user), [user]);

  const field = (name: keyof FormValues) => {
    const { error: _hidden, ...props } = form.getInputProps(name);
    return { ...props, error: !!form.errors[name], withAsterisk: true };
  };

  const submit = form.onSubmit(async (values) => {
    try {
      if (user) await update.mutateAsync(userUpdateSchema.parse(values));
      else await create.mutateAsync(userCreateSchema.parse(values));
      onClose();
    } catch (e) {
      // docs/product.md#errors: server errors show as a tooltip on the email field.
      form.setErrors({ email: failureMessage(e) });
    }
  });

  const roleOptions = user
    ? [{ value: String(user.role), label: user.role_title }]
    : assignable.map((r) => ({ value: String(r.id), label: r.title }));

  return (
    <FormModal opened={opened} onClose={onClose} title={user ? 'Edit User' : 'Add User'} onSubmit={submit}>
      <ErrorTip error={form.errors.first_name}>
        <TextInput label="First name" autoComplete="off" data-autofocus {...field('first_name')} />
      </ErrorTip>
      <ErrorTip error={form.errors.last_name}>
        <TextInput label="Last name" autoComplete="off" {...field('last_name')} />
      </ErrorTip>
      <ErrorTip error={form.errors.email}>
        <TextInput label="Email" type="email" autoComplete="off" disabled={!!user} {...field('email')} />
      </ErrorTip>
      <ErrorTip error={form.errors.role}>
        <Select label="Role" placeholder="Choose a role" data={roleOptions} disabled={!!user} allowDeselect={false} {...field('role')} />
      </ErrorTip>
      <FormActions onCancel={onClose} busy={create.isPending || update.isPending} label={user ? 'Save' : 'Add User'} />
    </FormModal>
  );
}
