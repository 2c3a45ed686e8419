import { Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import type { ReactNode } from 'react';
import { resetPasswordFormSchema, type ResetPasswordForm } from '../../../shared/schemas/password';
import { ApiError, failureMessage } from '../../lib/api';

interface Props {
  /** Shown above the fields. */
  intro?: ReactNode;
  passwordLabel: string;
  repeatLabel: string;
  submitLabel: string;
  /** Sets the password with the page's one-time token. */
  onSubmit: (password: string) => Promise<void>;
  /** The token was refused (used, expired, unknown): the page swaps the form for this message. */
  onLinkError: (message: string) => void;
}

/**
 * Choosing a password from an e-mailed one-time link (a reset, the hand-over claim): a new password
 * and its repetition, the password rules under the field, a refused token handed back to the page.
 */
export function NewPasswordForm({ intro, passwordLabel, repeatLabel, submitLabel, onSubmit, onLinkError }: Props) {
  const form = useForm<ResetPasswordForm>({
    initialValues: { new_password: '', confirm_password: '' },
    validate: zod4Resolver(resetPasswordFormSchema),
  });

  const submit = form.onSubmit(async (values) => {
    try {
      await onSubmit(values.new_password);
    } catch (e) {
      if (e instanceof ApiError && e.field === 'token') onLinkError(e.message);
      else form.setErrors({ new_password: failureMessage(e) });
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {intro}
        <PasswordInput
          label={passwordLabel}
          description="At least 8 characters; common passwords are refused."
          autoComplete="new-password"
          required
          data-autofocus
          {...form.getInputProps('new_password')}
        />
        <PasswordInput label={repeatLabel} autoComplete="new-password" required {...form.getInputProps('confirm_password')} />
        <Button type="submit" fullWidth loading={form.submitting}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
