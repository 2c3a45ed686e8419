import { Box } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { CSV_TEMPLATES } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { CsvUpload, useCsvUpload } from '../../components/CsvUpload';
import { ErrorTip } from '../../components/ErrorTip';
import { FormActions } from '../../components/FormActions';
import { FormModal } from '../../components/FormModal';
import { ClubSelect, SeasonSelect } from '../../components/ReferenceSelect';
import { useTimedErrors } from '../../lib/useTimedErrors';
import { useBulkTeams } from './api';

interface Values {
  category: string;
  season: string;
}
const ORDER = ['category', 'season'] as const;

/** docs/product.md#validation team bulk: club, season and file required; the first missing one is highlighted. */
function firstMissing(values: Values): Partial<Record<keyof Values, string>> {
  const missing = ORDER.find((f) => !values[f]);
  return missing ? { [missing]: MSG.required } : {};
}

/** Add Team (bulk): Club, Season and a CSV of Name, CoachEmail. */
export function TeamBulkModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const csv = useCsvUpload(opened);
  const upload = useBulkTeams(csv.setProgress);
  const form = useForm<Values>({ initialValues: { category: '', season: '' }, validate: firstMissing });
  useTimedErrors(form);

  useEffect(() => {
    if (opened) form.reset();
  }, [opened]); // eslint-disable-line react-hooks/exhaustive-deps

  const select = (name: 'category' | 'season') => ({
    ...form.getInputProps(name),
    withAsterisk: true,
    allowDeselect: false,
    error: !!form.errors[name],
  });

  const submit = form.onSubmit(async ({ category, season }) => {
    if (!csv.file) return form.setFieldError('file', MSG.required);
    if (await csv.send((file) => upload.mutateAsync({ file, category, season }))) onClose();
  });

  return (
    <FormModal opened={opened} onClose={onClose} title="Add Teams in Bulk" onSubmit={submit}>
      <ErrorTip error={form.errors.category}>
        <ClubSelect placeholder="Choose a club" searchable {...select('category')} />
      </ErrorTip>
      <ErrorTip error={form.errors.season}>
        <SeasonSelect placeholder="Choose a season" {...select('season')} />
      </ErrorTip>
      <ErrorTip error={form.errors.file}>
        <Box>
          <CsvUpload
            {...csv.field}
            onChange={(f) => {
              csv.field.onChange(f);
              if (f) form.clearFieldError('file');
            }}
            template={{ columns: CSV_TEMPLATES.teams, filename: 'teams-template.csv' }}
          />
        </Box>
      </ErrorTip>
      <FormActions onCancel={onClose} busy={upload.isPending} label="Upload" mt="sm" />
    </FormModal>
  );
}
