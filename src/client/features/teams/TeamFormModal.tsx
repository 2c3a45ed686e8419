import { Anchor, Select, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { Link } from 'react-router';
import { TEAM_FORM_FIELDS, teamSaveSchema, type Team, type TeamSave } from '../../../shared/schemas/team';
import { ErrorTip } from '../../components/ErrorTip';
import { FormActions } from '../../components/FormActions';
import { FormModal } from '../../components/FormModal';
import { ClubSelect, SeasonSelect } from '../../components/ReferenceSelect';
import { failureMessage } from '../../lib/api';
import { useCan } from '../../lib/auth';
import { useFormOnOpen } from '../../lib/useFormOnOpen';
import { useTimedErrors } from '../../lib/useTimedErrors';
import { coachOptionsQuery, useSaveTeam } from './api';

type FormValues = Record<(typeof TEAM_FORM_FIELDS)[number], string>;

const blank: FormValues = { name: '', category: '', coachRole: '', coachUser: '', season: '' };
const valuesOf = (team: Team | null): FormValues =>
  team
    ? {
        name: team.name,
        category: String(team.categoryId),
        coachRole: String(team.coachRole),
        coachUser: String(team.coachUser),
        season: String(team.seasonId),
      }
    : blank;

const resolve = zod4Resolver(teamSaveSchema);
/** docs/product.md#validation: team forms highlight only the first empty field, in the form's order. */
function firstError(values: FormValues): Partial<Record<keyof FormValues, string>> {
  const errors = resolve(values) as Partial<Record<string, string>>;
  const first = TEAM_FORM_FIELDS.find((f) => errors[f]);
  return first ? { [first]: errors[first] } : {};
}

interface Props {
  opened: boolean;
  onClose: () => void;
  /** null = Add Single; a team = Edit Team. */
  team: Team | null;
}

/** The link under a coach select to the page where a missing role or user is made. */
function CreateLink({ to, text }: { to: string; text: string }) {
  return (
    <Anchor component={Link} to={to} size="sm" mt={-8}>
      {text}
    </Anchor>
  );
}

/** The Add Team (single) and Edit Team modal. */
export function TeamFormModal({ opened, onClose, team }: Props) {
  const can = useCan();
  const coachOptions = useQuery({ ...coachOptionsQuery, enabled: opened });
  const save = useSaveTeam(team?.id ?? null);
  const form = useForm<FormValues>({ initialValues: valuesOf(team), validate: firstError });
  useTimedErrors(form);

  // Each opening starts from the team being edited (or an empty form).
  useFormOnOpen(form, opened, () => valuesOf(team), [team], { dirty: true });

  const roles = coachOptions.data ?? [];
  const role = roles.find((r) => String(r.id) === form.values.coachRole);
  const users = (role?.users ?? []).map((u) => ({ value: String(u.id), label: `${u.first_name} ${u.last_name}` }));
  // The message is the ErrorTip's (which the field's aria-describedby names); the field only turns red.
  const field = (name: keyof FormValues) => ({ ...form.getInputProps(name), withAsterisk: true, error: !!form.errors[name] });

  const submit = form.onSubmit(async (values) => {
    try {
      await save.mutateAsync(teamSaveSchema.parse(values) satisfies TeamSave);
      onClose();
    } catch (e) {
      // docs/product.md#validation and docs/product.md#errors: a server error shows as a tooltip on the name field.
      form.setErrors({ name: failureMessage(e) });
    }
  });

  return (
    <FormModal opened={opened} onClose={onClose} title={team ? 'Edit Team' : 'Add Team'} onSubmit={submit}>
      <ErrorTip error={form.errors.name}>
        <TextInput label="Name" placeholder="e.g. U14 Boys" data-autofocus {...field('name')} />
      </ErrorTip>
      <ErrorTip error={form.errors.category}>
        <ClubSelect placeholder="Choose a club" searchable allowDeselect={false} {...field('category')} />
      </ErrorTip>
      <ErrorTip error={form.errors.coachRole}>
        <Select
          label="Coach role"
          placeholder="Choose a coach role"
          data={roles.map((r) => ({ value: String(r.id), label: r.title }))}
          allowDeselect={false}
          nothingFoundMessage="No coach roles yet"
          {...field('coachRole')}
          onChange={(value) => {
            form.setFieldValue('coachRole', value ?? '');
            // The coach user depends on the role: a user of another role no longer fits.
            form.setFieldValue('coachUser', '');
          }}
        />
      </ErrorTip>
      {can('user_management', 2) ? <CreateLink to="/app/roles" text="Create new role" /> : null}
      <ErrorTip error={form.errors.coachUser}>
        <Select
          label="Coach user"
          placeholder={role ? 'Choose a coach' : 'Choose a coach role first'}
          data={users}
          searchable
          allowDeselect={false}
          disabled={!role}
          nothingFoundMessage="No active users with this role"
          {...field('coachUser')}
        />
      </ErrorTip>
      {can('user_management', 1) ? <CreateLink to="/app/users" text="Create new user" /> : null}
      <ErrorTip error={form.errors.season}>
        <SeasonSelect placeholder="Choose a season" allowDeselect={false} {...field('season')} />
      </ErrorTip>
      <FormActions onCancel={onClose} busy={save.isPending} label={team ? 'Save Team' : 'Add Team'} mt="sm" />
    </FormModal>
  );
}
