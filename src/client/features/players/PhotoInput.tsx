import { Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconPhoto, IconTrash } from '@tabler/icons-react';
import { MAX_IMAGE_BYTES } from '../../../shared/constants';
import { PlayerAvatar } from './PlayerAvatar';

const TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];
export const PHOTO_TYPE_ERROR = 'The photo must be a JPEG, PNG, WebP or GIF image.';
export const PHOTO_SIZE_ERROR = `The photo must be ${MAX_IMAGE_BYTES / 1024 / 1024} MB or smaller.`;

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });

interface Props {
  /** A data URL (new photo), the stored key (unchanged) or null (none). */
  value: string | null;
  onChange: (value: string | null) => void;
  onError: (message: string | null) => void;
  error?: string;
  name: { first_name: string; last_name: string };
}

/** docs/product.md#data profile_img: picked here, sent as a data URL; the server re-encodes it. */
export function PhotoInput({ value, onChange, onError, error, name }: Props) {
  const preview = value?.startsWith('data:') ? value : null;
  const pick = async (file: File | null) => {
    if (!file) return;
    if (!TYPES.includes(file.type)) return onError(PHOTO_TYPE_ERROR);
    if (file.size > MAX_IMAGE_BYTES) return onError(PHOTO_SIZE_ERROR);
    onError(null);
    onChange(await readAsDataUrl(file));
  };
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500} component="span">
        Photo
      </Text>
      <Group gap="sm">
        {preview ? (
          <img src={preview} alt="New photo preview" width={56} height={56} style={{ borderRadius: '50%', objectFit: 'cover' }} />
        ) : (
          <PlayerAvatar player={{ ...name, profile_img: value }} size={56} />
        )}
        <FileButton onChange={pick} accept={TYPES.join(',')}>
          {(props) => (
            <Button {...props} variant="light" leftSection={<IconPhoto size={16} />} color={error ? 'red' : undefined}>
              {value ? 'Change photo' : 'Upload photo'}
            </Button>
          )}
        </FileButton>
        {value ? (
          <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={() => onChange(null)}>
            Remove photo
          </Button>
        ) : null}
      </Group>
      {error ? (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
