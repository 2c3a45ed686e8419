import { Button, Group, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IMPORT_FIELDS, type ImportKind, type ImportMapping } from '../../../shared/schemas/import';
import type { Uploaded } from './api';

interface Props {
  kind: ImportKind;
  uploaded: Uploaded;
  mapping: ImportMapping;
  onChange: (mapping: ImportMapping) => void;
  onBack: () => void;
  onCheck: () => void;
  busy: boolean;
}

const NONE = 'none';

/** Step 2: which column holds which field, suggested from the headers (or remembered), editable. */
export function MappingStep({ kind, uploaded, mapping, onChange, onBack, onCheck, busy }: Props) {
  const columns = [
    { value: NONE, label: 'Not in the file' },
    ...uploaded.headers.map((h, i) => ({ value: String(i), label: h || `Column ${i + 1}` })),
  ];
  return (
    <Stack gap="md">
      <Text size="sm">
        {uploaded.file_name}: {uploaded.row_count} rows.{' '}
        {uploaded.remembered ? 'The columns are matched as in your last import.' : 'The columns are matched from their names; check them.'}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {IMPORT_FIELDS[kind].map((f) => (
          <Select
            key={f.key}
            label={f.label}
            withAsterisk={f.required}
            data={columns}
            value={mapping[f.key] === null || mapping[f.key] === undefined ? NONE : String(mapping[f.key])}
            onChange={(v) => onChange({ ...mapping, [f.key]: v === null || v === NONE ? null : Number(v) })}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        ))}
      </SimpleGrid>
      <Text size="sm" fw={600}>
        First rows of the file
      </Text>
      <Table.ScrollContainer minWidth={400}>
        <Table striped withTableBorder aria-label="First rows of the file">
          <Table.Thead>
            <Table.Tr>
              {uploaded.headers.map((h, i) => (
                <Table.Th key={i}>{h}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {uploaded.sample.map((row, r) => (
              <Table.Tr key={r}>
                {uploaded.headers.map((_h, i) => (
                  <Table.Td key={i}>{row[i] ?? ''}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between">
        <Button variant="default" onClick={onBack}>
          Choose another file
        </Button>
        <Button onClick={onCheck} loading={busy}>
          Check rows
        </Button>
      </Group>
    </Stack>
  );
}
