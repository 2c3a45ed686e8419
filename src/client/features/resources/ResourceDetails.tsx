import { Button, Group, Menu, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconChevronDown, IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { Resource } from '../../../shared/schemas/resource';
import { LinkPreviewCard } from '../../components/LinkPreviewCard';
import { VideoEmbed } from '../../components/VideoEmbed';

/** A titled group of a resource's links. */
function LinkSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** The expanded row: 'Manage Resource' menu (writers), Documents as preview cards, Videos as embeds. */
export function ResourceDetails({
  resource,
  canWrite,
  onEdit,
  onDelete,
}: {
  resource: Resource;
  canWrite: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Stack gap="md" py="sm">
      {canWrite ? (
        <Menu position="bottom-start" withinPortal>
          <Menu.Target>
            <Button variant="light" size="sm" rightSection={<IconChevronDown size={14} />} style={{ alignSelf: 'flex-start' }}>
              Manage Resource
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconPencil size={14} />} onClick={onEdit}>
              Edit
            </Menu.Item>
            <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={onDelete}>
              Delete
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      ) : null}
      {resource.tags.length ? (
        <Text size="sm" c="gray.7">
          Tags: {resource.tags.join(', ')}
        </Text>
      ) : null}
      {resource.document_links.length ? (
        <LinkSection title="Documents">
          <Group gap="sm" align="stretch">
            {resource.document_links.map((link) => (
              <LinkPreviewCard key={link} url={link} />
            ))}
          </Group>
        </LinkSection>
      ) : null}
      {resource.video_links.length ? (
        <LinkSection title="Videos">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
            {resource.video_links.map((link, i) => (
              <VideoEmbed key={link} link={link} title={`${resource.title} video ${i + 1}`} />
            ))}
          </SimpleGrid>
        </LinkSection>
      ) : null}
    </Stack>
  );
}
