import { Alert, Anchor, FileInput, Progress, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { isCsvFile } from '../../shared/constants';
import { MSG } from '../../shared/messages';
import { failureMessage } from '../lib/api';

/** Builds a CSV template of the given header row for download. */
export function templateHref(columns: readonly string[]): string {
  return `data:text/csv;charset=utf-8,${encodeURIComponent(columns.join(',') + '\n')}`;
}

interface Props {
  file: File | null;
  onChange: (file: File | null) => void;
  error?: string | null;
  progress?: number | null;
  template?: { columns: readonly string[]; filename: string };
  label?: string;
}

/** docs/product.md#validation: .csv only ('File should be a csv file!' and the file is cleared); bulk errors in a red 'Error:' box. */
export function CsvUpload({ file, onChange, error, progress, template, label = 'CSV file' }: Props) {
  const [typeError, setTypeError] = useState<string | null>(null);
  return (
    <Stack gap="xs">
      <FileInput
        label={label}
        placeholder="Choose a .csv file"
        accept=".csv,text/csv"
        value={file}
        clearable
        withAsterisk
        error={typeError}
        // Mantine's default placeholder grey is below the 4.5:1 contrast axe requires.
        styles={{ placeholder: { color: 'var(--mantine-color-text)' } }}
        onChange={(f) => {
          if (f && !isCsvFile(f.name, f.type)) {
            setTypeError(MSG.csvOnly);
            onChange(null);
            return;
          }
          setTypeError(null);
          onChange(f);
        }}
      />
      {template ? (
        <Anchor href={templateHref(template.columns)} download={template.filename} size="sm">
          Download CSV template
        </Anchor>
      ) : null}
      {progress != null ? <Progress value={progress * 100} animated aria-label="Upload progress" /> : null}
      {error ? (
        <Alert color="red" variant="light" role="alert" style={{ whiteSpace: 'pre-wrap' }}>
          Error: {error}
        </Alert>
      ) : null}
    </Stack>
  );
}

/**
 * One bulk upload's state, fresh each time its modal opens: the chosen file, the progress bar and the red box.
 * `send` uploads the file; a refusal shows in the red box and clears the file (docs/product.md#errors).
 */
export function useCsvUpload(opened: boolean) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);

  useEffect(() => {
    if (!opened) return;
    setFile(null);
    setError(null);
    setProgress(null);
  }, [opened]);

  /** Resolves true once sent. `refused` may take the failure elsewhere (e.g. a field) by returning null. */
  const send = async (
    upload: (file: File) => Promise<unknown>,
    refused: (e: unknown) => string | null = failureMessage,
  ): Promise<boolean> => {
    if (!file) return false;
    setError(null);
    setProgress(0);
    try {
      await upload(file);
      return true;
    } catch (e) {
      setError(refused(e));
      setFile(null);
      return false;
    } finally {
      setProgress(null);
    }
  };

  const choose = (f: File | null) => {
    setFile(f);
    if (f) setError(null);
  };
  return { file, error, setError, setProgress, send, field: { file, onChange: choose, error, progress } };
}
