import { Button, Group } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';

/** The Edit and Delete buttons under an expanded row's details (criteria, evaluations). */
export function EditDeleteButtons({ onEdit, onDelete }: { onEdit: () => void; onDelete: () => void }) {
  return (
    <Group gap="sm">
      <Button variant="light" leftSection={<IconEdit size={16} />} onClick={onEdit}>
        Edit
      </Button>
      <Button variant="outline" color="red.9" leftSection={<IconTrash size={16} />} onClick={onDelete}>
        Delete
      </Button>
    </Group>
  );
}
