import { Anchor, Card, Group, Image, Skeleton, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { linkPreviewQuery } from './api';
import { displayHost, isHttpLink, shortDescription } from './linkPreview';

/**
 * A document link as a preview card: image, title, description (50 characters) and host. When the
 * server could not read a preview (docs/product.md#errors) the card is just the host link.
 */
export function LinkPreviewCard({ url }: { url: string }) {
  const { data, isPending, isError } = useQuery({ ...linkPreviewQuery(url), enabled: isHttpLink(url) });
  const host = displayHost(url);
  if (!isHttpLink(url)) return <Text size="sm">{url}</Text>;
  if (isPending) {
    return (
      <Card withBorder padding="sm" w="100%" maw={360} aria-busy="true">
        <Skeleton height={14} width="70%" mb={8} />
        <Skeleton height={10} width="90%" />
      </Card>
    );
  }
  const preview = !isError && data?.success ? data : null;
  // The page's CSP loads https images only; an http og:image would be a broken image.
  const showImage = !!preview?.image.startsWith('https://');
  if (!preview) {
    return (
      <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm" style={{ wordBreak: 'break-all' }}>
        <Group gap={4} wrap="nowrap" component="span">
          <IconExternalLink size={14} aria-hidden />
          {host}
        </Group>
      </Anchor>
    );
  }
  return (
    <Card
      component="a"
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      withBorder
      padding="sm"
      w="100%"
      maw={360}
      style={{ textDecoration: 'none', color: 'inherit' }}
    >
      {showImage ? (
        <Card.Section mb="xs">
          <Image src={preview.image} alt="" h={140} fit="cover" referrerPolicy="no-referrer" loading="lazy" />
        </Card.Section>
      ) : null}
      <Stack gap={2}>
        <Text fw={600} size="sm" lineClamp={2}>
          {preview.title || host}
        </Text>
        {preview.description ? (
          <Text size="xs" c="gray.7">
            {shortDescription(preview.description)}
          </Text>
        ) : null}
        <Text size="xs" c="blue.8">
          {host}
        </Text>
      </Stack>
    </Card>
  );
}
