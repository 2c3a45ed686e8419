import { Alert, Group, MultiSelect, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect } from 'react';
import { playerCreateSchema, playerUpdateSchema, type Player, type PlayerListItem } from '../../../shared/schemas/player';
import { ErrorTip } from '../../components/ErrorTip';
import { FormActions } from '../../components/FormActions';
import { FormModal } from '../../components/FormModal';
import { ApiError, failureMessage } from '../../lib/api';
import { useCan } from '../../lib/auth';
import { useFormOnOpen } from '../../lib/useFormOnOpen';
import { useTimedErrors } from '../../lib/useTimedErrors';
import { teamOptionsQuery, useSavePlayer } from './api';
import { PhotoInput } from './PhotoInput';
import classes from './players.module.css';

export const CHOOSE_OWN_TEAM = 'Please choose at least one of your teams.';

interface FormValues {
  first_name: string;
  last_name: string;
  email: string;
  player_email: string;
  dob: string;
  birth_date: string;
  team_id: string[];
  profile_img: string | null;
}

const valuesOf = (p: PlayerListItem | Player | null, teamId?: number): FormValues =>
  p
    ? {
        first_name: p.first_name,
        last_name: p.last_name,
        email: p.email,
        player_email: p.player_email ?? '',
        dob: p.dob ? String(p.dob) : '',
        birth_date: p.birth_date ?? '',
        team_id: p.teamIds.map(String),
        profile_img: p.profile_img,
      }
    : {
        first_name: '',
        last_name: '',
        email: '',
        player_email: '',
        dob: '',
        birth_date: '',
        team_id: teamId ? [String(teamId)] : [],
        profile_img: null,
      };

const FIELDS: (keyof FormValues)[] = ['first_name', 'last_name', 'email', 'player_email', 'dob', 'birth_date', 'team_id', 'profile_img'];

interface Props {
  opened: boolean;
  onClose: () => void;
  /** null = Add Single; a player = Edit player. */
  player: PlayerListItem | Player | null;
  /** On a team's roster a new player starts in that team. */
  teamId?: number;
}

/** Add / edit player (docs/product.md#validation "Player"). */
export function PlayerFormModal({ opened, onClose, player, teamId }: Props) {
  const can = useCan();
  const mustPickTeam = !can('teams', 2);
  const teams = useQuery({ ...teamOptionsQuery, enabled: opened });
  const schema = player ? playerUpdateSchema : playerCreateSchema;
  const resolve = zod4Resolver(schema);
  const form = useForm<FormValues>({
    initialValues: valuesOf(player, teamId),
    validate: (values) => {
      const errors = resolve(values as unknown as Record<string, unknown>) as Record<string, string>;
      if (mustPickTeam && values.team_id.length === 0) errors.team_id = CHOOSE_OWN_TEAM;
      return errors;
    },
  });
  useTimedErrors(form);

  useFormOnOpen(form, opened, () => valuesOf(player, teamId), [player, teamId]);

  // Only teams the user may choose are shown and sent; the server keeps the player's other teams.
  const choosable = teams.data ? new Set(teams.data.map((t) => String(t.id))) : null;
  useEffect(() => {
    if (!opened || !teams.data) return;
    const ids = new Set(teams.data.map((t) => String(t.id)));
    const current = form.getValues().team_id;
    if (current.some((v) => !ids.has(v)))
      form.setFieldValue(
        'team_id',
        current.filter((v) => ids.has(v)),
      );
  }, [opened, player, teamId, teams.data]); // eslint-disable-line react-hooks/exhaustive-deps
  const otherTeams = choosable && player ? player.teams.filter((t) => !choosable.has(String(t.id))) : [];

  // The server keeps the sign-in account in step with player_email (accounts.service syncAccount).
  const hasAccount = player ? ('hasAccount' in player ? player.hasAccount : !!player.player_email) : false;
  const typedEmail = form.values.player_email.trim().toLowerCase();
  const accountChange = !hasAccount || typedEmail === (player?.player_email ?? '').toLowerCase() ? null : typedEmail ? 'moved' : 'removed';

  const save = useSavePlayer(player?.id ?? null);

  const submit = form.onSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      onClose();
    } catch (e) {
      // docs/product.md#errors: the server's message shows as a tooltip on the email field (or the field it names).
      const field = e instanceof ApiError && e.field && FIELDS.includes(e.field as keyof FormValues) ? e.field : 'email';
      form.setErrors({ [field]: failureMessage(e) });
    }
  });

  const field = (name: keyof FormValues) => {
    const { error: _shownAsTooltip, ...props } = form.getInputProps(name);
    return { ...props, error: !!form.errors[name] };
  };

  return (
    <FormModal opened={opened} onClose={onClose} title={player ? 'Edit Player' : 'Add Player'} size="lg" onSubmit={submit}>
      <Group grow align="flex-start" wrap="wrap">
        <ErrorTip error={form.errors.first_name} style={{ minWidth: 200 }}>
          <TextInput label="First name" withAsterisk autoComplete="off" data-autofocus {...field('first_name')} />
        </ErrorTip>
        <ErrorTip error={form.errors.last_name} style={{ minWidth: 200 }}>
          <TextInput label="Last name" withAsterisk autoComplete="off" {...field('last_name')} />
        </ErrorTip>
      </Group>
      <ErrorTip error={form.errors.email}>
        <TextInput
          label="Parent's email"
          type="email"
          withAsterisk={!player}
          disabled={!!player}
          description={player ? 'The parent’s email cannot be changed.' : undefined}
          classNames={{ description: classes.muted }}
          autoComplete="off"
          {...field('email')}
        />
      </ErrorTip>
      <ErrorTip error={form.errors.player_email}>
        <TextInput
          label="Player's email"
          type="email"
          autoComplete="off"
          description={
            can('user_management', 2)
              ? "Optional. Creates the player's own sign-in; they set a password with 'Forgot password?'."
              : "A player's own sign-in is created by a user manager."
          }
          classNames={{ description: classes.muted }}
          {...field('player_email')}
        />
      </ErrorTip>
      {accountChange === 'removed' ? (
        <Alert color="yellow" variant="light" title="The sign-in account will be removed">
          <Text size="sm">
            {player?.name} signs in with {player?.player_email}. Saving without a player's email deletes that account: they can no longer
            sign in to their player area. Their evaluations, notes and achievements stay.
          </Text>
        </Alert>
      ) : accountChange === 'moved' ? (
        <Alert color="yellow" variant="light" title="The sign-in account will move to the new address">
          <Text size="sm">
            {player?.name} will sign in with the new address instead of {player?.player_email}, with the same password; a welcome e-mail
            goes to the new address.
          </Text>
        </Alert>
      ) : null}
      <Group grow align="flex-start" wrap="wrap">
        <ErrorTip error={form.errors.dob} style={{ minWidth: 200 }}>
          <TextInput label="Year of birth" placeholder="e.g. 2012" inputMode="numeric" maxLength={4} {...field('dob')} />
        </ErrorTip>
        {/* docs/product.md#relative-age: optional, only for the relative-age view; its year must be the year of birth. */}
        <ErrorTip error={form.errors.birth_date} style={{ minWidth: 200 }}>
          <TextInput
            label="Birth date"
            type="date"
            description="Optional. Used only to show relative age at tryouts and drafts."
            classNames={{ description: classes.muted }}
            {...field('birth_date')}
          />
        </ErrorTip>
      </Group>
      <ErrorTip error={form.errors.team_id}>
        <MultiSelect
          label="Teams"
          placeholder={form.values.team_id.length ? undefined : 'Choose teams'}
          withAsterisk={mustPickTeam}
          data={(teams.data ?? []).map((t) => ({ value: String(t.id), label: `${t.name} (${t.category})` }))}
          searchable
          clearable
          clearButtonProps={{ 'aria-label': 'Clear teams' }}
          nothingFoundMessage="No teams"
          comboboxProps={{ withinPortal: true }}
          description={
            otherTeams.length ? `Also in ${otherTeams.map((t) => t.name).join(', ')} (another coach’s team; stays as it is).` : undefined
          }
          classNames={{ description: classes.muted }}
          {...field('team_id')}
          value={choosable ? form.values.team_id.filter((v) => choosable.has(v)) : []}
        />
      </ErrorTip>
      <PhotoInput
        value={form.values.profile_img}
        onChange={(v) => form.setFieldValue('profile_img', v)}
        onError={(message) => (message ? form.setFieldError('profile_img', message) : form.clearFieldError('profile_img'))}
        error={form.errors.profile_img as string | undefined}
        name={form.values}
      />
      <FormActions onCancel={onClose} busy={save.isPending} mt="sm" />
    </FormModal>
  );
}
