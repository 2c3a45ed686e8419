import { Alert, Modal, SegmentedControl, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { TemplateKey } from '../../../shared/schemas/offer';
import { FormActions } from '../../components/FormActions';
import { QueryView } from '../../components/QueryView';
import { failureMessage } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { saveTemplate, templatesQuery } from './api';

const TITLES: Record<TemplateKey, string> = { offer: 'Offer to the family', promotion_notice: 'Notice to staff (waiting list)' };

/** The club's editable offer e-mails; placeholders are filled per player when sent. */
export function TemplatesModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const templates = useQuery({ ...templatesQuery, enabled: opened });
  const client = useQueryClient();
  const [key, setKey] = useState<TemplateKey>('offer');
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const current = templates.data?.find((t) => t.key === key);
  useEffect(() => {
    if (current) {
      setSubject(current.subject);
      setBody(current.body);
      setFailure(null);
    }
  }, [current]);
  const save = useMutation({
    mutationFn: () => saveTemplate(key, { subject, body }),
    onSuccess: () => {
      notifySuccess('E-mail text saved.');
      void client.invalidateQueries({ queryKey: templatesQuery.queryKey });
    },
    onError: (e) => setFailure(failureMessage(e)),
  });
  return (
    <Modal opened={opened} onClose={onClose} title="E-mail texts" centered size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <QueryView query={templates} noun="e-mail texts" isEmpty={() => false}>
        {() => (
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              save.mutate();
            }}
          >
            <Stack>
              <SegmentedControl
                aria-label="Which e-mail"
                value={key}
                onChange={(v) => setKey(v as TemplateKey)}
                data={(Object.keys(TITLES) as TemplateKey[]).map((k) => ({ value: k, label: TITLES[k] }))}
              />
              {failure ? (
                <Alert color="red" role="alert">
                  {failure}
                </Alert>
              ) : null}
              <TextInput label="Subject" value={subject} onChange={(e) => setSubject(e.currentTarget.value)} withAsterisk />
              <Textarea label="Text" value={body} onChange={(e) => setBody(e.currentTarget.value)} autosize minRows={6} withAsterisk />
              <Text size="sm" c="dimmed">
                Placeholders: {current?.placeholders.join(' ')}
              </Text>
              <FormActions onCancel={onClose} busy={save.isPending} />
            </Stack>
          </form>
        )}
      </QueryView>
    </Modal>
  );
}
