import { Box } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { CSV_TEMPLATES } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { CsvUpload } from '../../components/CsvUpload';
import { ErrorTip } from '../../components/ErrorTip';
import { FormActions } from '../../components/FormActions';
import { FormModal } from '../../components/FormModal';
import { ClubSelect, SeasonSelect } from '../../components/ReferenceSelect';
import { failureMessage } from '../../lib/api';
import { useTimedErrors } from '../../lib/useTimedErrors';
import { useBulkTeams } from './api';
import { tooltipErrorStyles } from './fieldError';

interface Values {
  category: string;
  season: string;
  file: File | null;
}
const ORDER = ['category', 'season', 'file'] as const;

/** docs/product.md#validation team bulk: club, season and file required; the first missing one is highlighted. */
function firstMissing(values: Values): Partial<Record<keyof Values, string>> {
  const missing = ORDER.find((f) => !values[f]);
  return missing ? { [missing]: MSG.required } : {};
}

/** Add Team (bulk): Club, Season and a CSV of Name, CoachEmail. */
export function TeamBulkModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [progress, setProgress] = useState<number | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const upload = useBulkTeams(setProgress);
  const form = useForm<Values>({ initialValues: { category: '', season: '', file: null }, validate: firstMissing });
  useTimedErrors(form);

  useEffect(() => {
    if (!opened) return;
    form.reset();
    setProgress(null);
    setServerError(null);
  }, [opened]); // eslint-disable-line react-hooks/exhaustive-deps

  const select = (name: 'category' | 'season') => ({
    ...form.getInputProps(name),
    withAsterisk: true,
    allowDeselect: false,
    styles: tooltipErrorStyles,
  });

  const submit = form.onSubmit(async ({ category, season, file }) => {
    if (!file) return;
    setServerError(null);
    setProgress(0);
    try {
      await upload.mutateAsync({ file, category, season });
      onClose();
    } catch (e) {
      // docs/product.md#errors: the message in the red 'Error:' box, and the file is cleared.
      setServerError(failureMessage(e));
      form.setFieldValue('file', null);
    } finally {
      setProgress(null);
    }
  });

  return (
    <FormModal opened={opened} onClose={onClose} title="Add Teams in Bulk" onSubmit={submit}>
      <ErrorTip error={form.errors.category} position="bottom-end">
        <ClubSelect placeholder="Choose a club" searchable {...select('category')} />
      </ErrorTip>
      <ErrorTip error={form.errors.season} position="top-end">
        <SeasonSelect placeholder="Choose a season" {...select('season')} />
      </ErrorTip>
      <ErrorTip error={form.errors.file} position="top-end">
        <Box>
          <CsvUpload
            file={form.values.file}
            onChange={(f) => {
              form.setFieldValue('file', f);
              if (f) setServerError(null);
            }}
            error={serverError}
            progress={progress}
            template={{ columns: CSV_TEMPLATES.teams, filename: 'teams-template.csv' }}
          />
        </Box>
      </ErrorTip>
      <FormActions onCancel={onClose} busy={upload.isPending} label="Upload" mt="sm" />
    </FormModal>
  );
}
