import { Alert, Badge, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useNavigate } from 'react-router';
import {
  CONSENT_TEXT_MAX,
  consentTextPublishSchema,
  type ConsentTextEntry,
  type ConsentTextPublish,
} from '../../../shared/schemas/consent-text';
import { CONSENT_LABELS } from '../../../shared/schemas/guardian';
import { ErrorTip } from '../../components/ErrorTip';
import { Loading } from '../../components/Loading';
import { ApiError } from '../../lib/api';
import { useTimedErrors } from '../../lib/useTimedErrors';
import { consentTextsQuery, usePublishConsentText } from './consent-texts.api';
import classes from './settings.module.css';

const published = (at: string | null) => (at ? `published ${at.slice(0, 10)}` : 'built in');

/**
 * Settings › Consent wording: what guardians agree to, per purpose. Publishing adds a new version and
 * never edits an earlier one; guardians who agreed under an earlier version are asked on the family
 * portal to confirm again (their consent still counts until they withdraw it).
 */
export default function ConsentWordingTab() {
  const { data, isPending, error } = useQuery(consentTextsQuery);
  if (isPending) return <Loading />;
  if (error)
    return (
      <Alert color="red" role="alert">
        {error.message}
      </Alert>
    );
  return (
    <Stack gap="lg" maw={720}>
      <Text size="sm" className={classes.help}>
        The words each parent or guardian agrees to on the family portal. Publishing adds a new version; earlier versions stay as they were,
        so every consent keeps the words it was given under.
      </Text>
      {data.map((entry) => (
        <PurposeForm key={`${entry.purpose}-${entry.current.version}`} entry={entry} />
      ))}
    </Stack>
  );
}

function PurposeForm({ entry }: { entry: ConsentTextEntry }) {
  const navigate = useNavigate();
  const publish = usePublishConsentText();
  const form = useForm<ConsentTextPublish>({
    initialValues: { purpose: entry.purpose, text: entry.current.text },
    validate: zod4Resolver(consentTextPublishSchema),
  });
  useTimedErrors(form);
  const titleId = `consent-${entry.purpose}`;

  const submit = form.onSubmit(async (values) => {
    try {
      await publish.mutateAsync(values);
    } catch (e) {
      if (e instanceof ApiError && e.status === 403) return void navigate('/app/unauthorized');
      form.setFieldError('text', e instanceof Error ? e.message : 'Something went wrong.');
    }
  });

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={titleId}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Title order={2} size="h4" id={titleId}>
              {CONSENT_LABELS[entry.purpose]}
            </Title>
            <Badge variant="light" color="blue">
              Version {entry.current.version} · {published(entry.current.publishedAt)}
            </Badge>
          </Group>
          <ErrorTip error={form.errors.text}>
            <Textarea
              label="Wording in force"
              description={`Up to ${CONSENT_TEXT_MAX} characters.`}
              autosize
              minRows={3}
              classNames={{ description: classes.help }}
              {...form.getInputProps('text')}
              error={!!form.errors.text}
            />
          </ErrorTip>
          {entry.grantedUnderEarlier > 0 ? (
            <Text size="sm" className={classes.help}>
              {entry.grantedUnderEarlier === 1 ? '1 consent was' : `${entry.grantedUnderEarlier} consents were`} given under an earlier
              wording; those guardians are asked to confirm again.
            </Text>
          ) : null}
          <Group>
            <Button type="submit" loading={form.submitting} disabled={!form.isDirty()}>
              Publish version {entry.current.version + 1}
            </Button>
          </Group>
          {entry.earlier.length ? (
            <details>
              <summary>
                <Text component="span" size="sm">
                  Earlier versions ({entry.earlier.length})
                </Text>
              </summary>
              <Stack gap="xs" mt="xs">
                {entry.earlier.map((v) => (
                  <div key={v.version}>
                    <Text size="xs" fw={600}>
                      Version {v.version} · {published(v.publishedAt)}
                    </Text>
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                      {v.text}
                    </Text>
                  </div>
                ))}
              </Stack>
            </details>
          ) : null}
        </Stack>
      </form>
    </Paper>
  );
}
