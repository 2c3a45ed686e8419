import { ActionIcon, Avatar, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useCan } from '../../lib/auth';

/** docs/product.md#screens: photo (players), name, the page label, and the print icon with tooltip when reports > 1. */
export function AnalysisHeader({
  title,
  label,
  photo,
  children,
}: {
  title: string;
  label: string;
  photo?: { src: string | undefined; initials: string };
  children?: ReactNode;
}) {
  const can = useCan();
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" mb="md">
      <Group gap="md" wrap="nowrap">
        {photo ? (
          <Avatar src={photo.src} alt="" size={64} radius="xl" color="indigo" variant="filled">
            {photo.initials}
          </Avatar>
        ) : null}
        <Stack gap={2}>
          <Title order={1} size="h2">
            {title}
          </Title>
          <Text c="gray.7" fw={500}>
            {label}
          </Text>
        </Stack>
      </Group>
      <Group gap="xs" className="analysis-no-print" wrap="nowrap">
        {children}
        {can('reports', 2) ? (
          <Tooltip label="Print report" withArrow>
            <ActionIcon variant="light" size="xl" aria-label="Print report" onClick={() => window.print()}>
              <IconPrinter size={22} />
            </ActionIcon>
          </Tooltip>
        ) : null}
      </Group>
    </Group>
  );
}
