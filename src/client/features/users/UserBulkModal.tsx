import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { CSV_TEMPLATES } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { CsvUpload, useCsvUpload } from '../../components/CsvUpload';
import { ErrorTip } from '../../components/ErrorTip';
import { rolesQuery, useBulkUsers } from './api';
import { useAssignableRoles } from './useAssignableRoles';

/** Add Bulk: a role and a CSV (FirstName, LastName, Email); all rows or none (docs/product.md#validation, docs/product.md#errors). */
export function UserBulkModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const roles = useQuery({ ...rolesQuery, enabled: opened });
  const assignable = useAssignableRoles(roles.data);
  const [role, setRole] = useState<string | null>(null);
  const [missing, setMissing] = useState<{ role?: boolean; file?: boolean }>({});
  const csv = useCsvUpload(opened);
  const upload = useBulkUsers(csv.setProgress);

  useEffect(() => {
    if (!opened) return;
    setRole(null);
    setMissing({});
  }, [opened]);

  useEffect(() => {
    if (!missing.role && !missing.file) return;
    const id = setTimeout(() => setMissing({}), 5000);
    return () => clearTimeout(id);
  }, [missing]);

  const submit = async () => {
    if (!role || !csv.file) return setMissing({ role: !role, file: !csv.file });
    if (await csv.send((file) => upload.mutateAsync({ file, role }))) onClose();
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Add Users in Bulk" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack>
        <ErrorTip error={missing.role ? MSG.required : undefined}>
          <Select
            label="Role"
            placeholder="Choose a role"
            withAsterisk
            data={assignable.map((r) => ({ value: String(r.id), label: r.title }))}
            value={role}
            onChange={setRole}
            error={!!missing.role}
            allowDeselect={false}
          />
        </ErrorTip>
        <CsvUpload
          {...csv.field}
          error={csv.error ?? (missing.file ? MSG.required : null)}
          template={{ columns: CSV_TEMPLATES.users, filename: 'users-template.csv' }}
        />
        <Text size="xs" c="dimmed">
          Each new user receives an e-mail with a temporary password, valid for 24 hours.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} loading={upload.isPending}>
            Upload
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
