import { Anchor, Button, Checkbox, FileInput, Group, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { MAX_PDF_BYTES } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import type { Player } from '../../../shared/schemas/player';
import { ErrorTip } from '../../components/ErrorTip';
import { FormActions } from '../../components/FormActions';
import { FormModal } from '../../components/FormModal';
import { ApiError, failureMessage } from '../../lib/api';
import { useSaveAnalysis } from './api';
import classes from './players.module.css';

const PDF_TOO_LARGE = `The PDF must be ${MAX_PDF_BYTES / 1024 / 1024} MB or smaller.`;

/** 'Player Instructions': video links (required) and an optional PDF (docs/product.md#validation "Analysis"). */
export function AnalysisModal({ player, opened, onClose }: { player: Player; opened: boolean; onClose: () => void }) {
  const [links, setLinks] = useState<string[]>(['']);
  const [pdf, setPdf] = useState<File | null>(null);
  const [removePdf, setRemovePdf] = useState(false);
  const [errors, setErrors] = useState<{ video_links?: string; pdf?: string; form?: string }>({});
  const [progress, setProgress] = useState<number | null>(null);
  const save = useSaveAnalysis(player.id, setProgress);

  useEffect(() => {
    if (!opened) return;
    setLinks(player.video_links.length ? player.video_links : ['']);
    setPdf(null);
    setRemovePdf(false);
    setErrors({});
  }, [opened, player]);

  useEffect(() => {
    if (!errors.video_links) return;
    const id = setTimeout(() => setErrors((e) => ({ ...e, video_links: undefined })), 5000);
    return () => clearTimeout(id);
  }, [errors.video_links]);

  const pickPdf = (file: File | null) => {
    if (file && file.size > MAX_PDF_BYTES) {
      setErrors((e) => ({ ...e, pdf: PDF_TOO_LARGE }));
      return setPdf(null);
    }
    setErrors((e) => ({ ...e, pdf: undefined }));
    setPdf(file);
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const filled = links.map((l) => l.trim()).filter(Boolean);
    if (!filled.length) return setErrors({ video_links: MSG.required });
    setProgress(0);
    try {
      await save.mutateAsync({ links: filled, pdf, removePdf });
      onClose();
    } catch (err) {
      const message = failureMessage(err);
      const field = err instanceof ApiError && (err.field === 'pdf' || err.field === 'video_links') ? err.field : 'form';
      setErrors({ [field]: message });
    } finally {
      setProgress(null);
    }
  };

  const last = links[links.length - 1] ?? '';
  return (
    <FormModal opened={opened} onClose={onClose} title="Player Instructions" size="lg" onSubmit={submit}>
      {links.map((link, i) => (
        <Group key={i} align="flex-end" wrap="nowrap">
          <ErrorTip error={i === 0 ? errors.video_links : undefined} style={{ flex: 1 }}>
            <TextInput
              label={i === 0 ? 'Video links' : `Video link ${i + 1}`}
              aria-label={`Video link ${i + 1}`}
              placeholder="https://www.youtube.com/watch?v=…"
              withAsterisk={i === 0}
              type="url"
              value={link}
              error={i === 0 && !!errors.video_links}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setLinks((list) => list.map((l, j) => (j === i ? value : l)));
              }}
            />
          </ErrorTip>
          {links.length > 1 ? (
            <Anchor
              component="button"
              type="button"
              c="red"
              size="sm"
              pb={8}
              onClick={() => setLinks((list) => list.filter((_, j) => j !== i))}
            >
              Remove
            </Anchor>
          ) : null}
        </Group>
      ))}
      {last.trim() ? (
        <Button variant="subtle" leftSection={<IconPlus size={16} />} onClick={() => setLinks((l) => [...l, ''])} w="fit-content">
          Add another video link
        </Button>
      ) : null}
      <FileInput
        label="PDF (optional)"
        placeholder="Choose a PDF, up to 10 MB"
        accept="application/pdf,.pdf"
        value={pdf}
        onChange={pickPdf}
        clearable
        clearButtonProps={{ 'aria-label': 'Clear PDF' }}
        error={errors.pdf}
        classNames={{ placeholder: classes.muted }}
      />
      {player.pdf && !pdf ? (
        <Checkbox label="Remove the current PDF" checked={removePdf} onChange={(e) => setRemovePdf(e.currentTarget.checked)} />
      ) : null}
      {errors.form ? (
        <Text c="red" size="sm" role="alert">
          Error: {errors.form}
        </Text>
      ) : null}
      <FormActions onCancel={onClose} busy={progress !== null} />
    </FormModal>
  );
}
