import { Alert, Anchor, Button, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { Link } from 'react-router';
import { forgotPasswordSchema, type ForgotPassword } from '../../../shared/schemas/password';
import { failureMessage } from '../../lib/api';
import { requestPasswordReset } from './api';
import { AuthCard } from './AuthCard';

/** 'Forgot password?': the same answer whether or not the address has an account. */
export default function ForgotPasswordPage() {
  const [answer, setAnswer] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<ForgotPassword>({ initialValues: { email: '' }, validate: zod4Resolver(forgotPasswordSchema) });

  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      setAnswer(await requestPasswordReset(values));
    } catch (e) {
      setError(failureMessage(e));
    }
  });

  return (
    <AuthCard title="Forgot password">
      {answer ? (
        <Alert color="green" role="status">
          {answer}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Text size="sm" c="dimmed" mb="md">
            Enter the e-mail address of your account. We will send you a link to choose a new password.
          </Text>
          {error ? (
            <Alert color="red" role="alert" mb="md">
              {error}
            </Alert>
          ) : null}
          <TextInput label="Email" type="email" autoComplete="username" required mb="md" {...form.getInputProps('email')} />
          <Button type="submit" fullWidth loading={form.submitting}>
            Send reset link
          </Button>
        </form>
      )}
      <Anchor component={Link} to="/login" size="sm" ta="center">
        Back to sign in
      </Anchor>
    </AuthCard>
  );
}
