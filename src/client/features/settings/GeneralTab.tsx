import { Alert, Button, Group, NumberInput, Paper, Radio, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import {
  instructionsVideoSchema,
  PUBLIC_LEADERBOARD_NAME_LABELS,
  PUBLIC_LEADERBOARD_NAMES,
  SETTINGS_DEFAULTS,
  settingsFormSchema,
  type Settings,
} from '../../../shared/schemas/reference';
import { HANDOVER_AGE, OWN_LOGIN_AGE } from '../../../shared/age';
import { ErrorTip } from '../../components/ErrorTip';
import { Loading } from '../../components/Loading';
import { VideoEmbed } from '../../components/VideoEmbed';
import { embedUrl } from '../../components/video';
import { ApiError } from '../../lib/api';
import { useTimedErrors } from '../../lib/useTimedErrors';
import { settingsQuery, useSaveSettings } from './api';
import classes from './settings.module.css';

function VideoPreview({ link }: { link: string }) {
  const [debounced] = useDebouncedValue(link.trim(), 400);
  if (debounced === '' || !instructionsVideoSchema.safeParse(debounced).success) {
    return (
      <Text size="sm" className={classes.help}>
        {debounced === ''
          ? 'No instructions video: the Instructions page of the player area stays empty.'
          : 'Enter a complete http(s) link to see a preview.'}
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      {embedUrl(debounced) ? null : (
        <Text size="sm" className={classes.help}>
          Only YouTube and Vimeo links play inside the page; players will see this as a link.
        </Text>
      )}
      <VideoEmbed link={debounced} title="Instructions video preview" />
    </Stack>
  );
}

/** Global settings: the player instructions video and how names appear on the public leaderboard. */
export default function GeneralTab() {
  const navigate = useNavigate();
  const { data, isPending, error } = useQuery(settingsQuery);
  const save = useSaveSettings();
  const form = useForm<Settings>({
    initialValues: SETTINGS_DEFAULTS,
    validate: zod4Resolver(settingsFormSchema),
  });
  useTimedErrors(form);
  const { initialize } = form;
  useEffect(() => {
    if (data) initialize(data);
  }, [data, initialize]);

  if (isPending) return <Loading />;
  if (error)
    return (
      <Alert color="red" role="alert">
        {error.message}
      </Alert>
    );

  const submit = form.onSubmit(async (values) => {
    try {
      const res = await save.mutateAsync(values);
      form.setInitialValues(res.data);
      form.setValues(res.data);
    } catch (e) {
      if (e instanceof ApiError && e.status === 403) return void navigate('/app/unauthorized');
      form.setFieldError(
        e instanceof ApiError && e.field ? e.field : 'instructions_video',
        e instanceof Error ? e.message : 'Something went wrong.',
      );
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="General settings">
      <Stack gap="lg" maw={720}>
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Title order={2} size="h4">
              Instructions video
            </Title>
            <ErrorTip error={form.errors.instructions_video}>
              <TextInput
                label="Instructions video URL"
                description="Shown to players on their Instructions page. A YouTube or Vimeo link plays inside the page. Leave empty for none."
                placeholder="https://www.youtube.com/watch?v=…"
                type="url"
                inputMode="url"
                classNames={{ description: classes.help }}
                {...form.getInputProps('instructions_video')}
                error={!!form.errors.instructions_video}
              />
            </ErrorTip>
            <VideoPreview link={form.values.instructions_video} />
          </Stack>
        </Paper>
        <Paper withBorder p="md" radius="md">
          <ErrorTip error={form.errors.public_leaderboard_names}>
            <Radio.Group
              label="Public leaderboard names"
              description="How players appear on the leaderboards anyone can open without signing in."
              classNames={{ description: classes.help }}
              {...form.getInputProps('public_leaderboard_names')}
              error={!!form.errors.public_leaderboard_names}
            >
              <Stack gap="sm" mt="sm">
                {PUBLIC_LEADERBOARD_NAMES.map((v) => (
                  <Radio key={v} value={v} label={PUBLIC_LEADERBOARD_NAME_LABELS[v]} />
                ))}
              </Stack>
            </Radio.Group>
          </ErrorTip>
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Title order={2} size="h4">
              Families
            </Title>
            <Text size="sm" className={classes.help}>
              Ages are read from the birth year: a player reaches an age on 1 January of their birth year plus that age.
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <ErrorTip error={form.errors.own_login_age}>
                <NumberInput
                  label="Own sign-in from age"
                  description="Younger players get no sign-in of their own."
                  min={OWN_LOGIN_AGE.min}
                  max={OWN_LOGIN_AGE.max}
                  allowDecimal={false}
                  classNames={{ description: classes.help }}
                  {...form.getInputProps('own_login_age')}
                  error={!!form.errors.own_login_age}
                />
              </ErrorTip>
              <ErrorTip error={form.errors.handover_age}>
                <NumberInput
                  label="Hand-over age"
                  description="The player takes over their account from the guardians (13–18)."
                  min={HANDOVER_AGE.min}
                  max={HANDOVER_AGE.max}
                  allowDecimal={false}
                  classNames={{ description: classes.help }}
                  {...form.getInputProps('handover_age')}
                  error={!!form.errors.handover_age}
                />
              </ErrorTip>
            </SimpleGrid>
          </Stack>
        </Paper>
        <Group>
          <Button type="submit" size="md" loading={form.submitting} disabled={!form.isDirty()}>
            Save settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
