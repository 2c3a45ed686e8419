import { Button, Group, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { familyBirthDateSchema } from '../../../shared/schemas/player';
import type { FamilyChildView } from '../../../shared/schemas/family';
import { failureMessage } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { setChildBirthDate } from './api';

const resolve = zod4Resolver(familyBirthDateSchema);

/**
 * The child's optional birth date (docs/product.md#relative-age). The club's birth year stays the
 * record; the server refuses a date in another year and its message shows under the field.
 */
export function ChildBirthDate({ child }: { child: FamilyChildView }) {
  const client = useQueryClient();
  const form = useForm({ initialValues: { birth_date: child.birthDate ?? '' }, validate: (v) => resolve(v) });
  const save = useMutation({
    mutationFn: (birthDate: string) => setChildBirthDate(child.id, birthDate),
    onSuccess: (answer) => {
      client.setQueryData<FamilyChildView>(['family', 'child', child.id], (v) =>
        v ? { ...v, birthYear: answer.dob, birthDate: answer.birth_date } : v,
      );
      form.resetDirty({ birth_date: answer.birth_date ?? '' });
      notifySuccess();
    },
    onError: (e) => form.setFieldError('birth_date', failureMessage(e)),
  });
  const year = child.birthYear === null ? 'no year of birth yet' : `year of birth ${child.birthYear}`;

  return (
    <section aria-labelledby={`birth-${child.id}`}>
      <Title order={3} size="h4" mb={4} id={`birth-${child.id}`}>
        Birth date
      </Title>
      {child.mayEditBirthDate ? (
        <form onSubmit={form.onSubmit((v) => save.mutate(v.birth_date))} noValidate>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              label={`Birth date (${year})`}
              description="Optional. The club uses it only to check that tryouts do not favour players born early in the year."
              type="date"
              style={{ flex: '1 1 14rem' }}
              {...form.getInputProps('birth_date')}
            />
            <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
              Save birth date
            </Button>
          </Group>
        </form>
      ) : (
        <Text size="sm">
          {child.birthDate ? `${child.birthDate}.` : 'Not given.'} Only a guardian with parental responsibility can change it.
        </Text>
      )}
    </section>
  );
}
