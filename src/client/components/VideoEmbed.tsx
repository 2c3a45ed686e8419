import { Anchor, AspectRatio } from '@mantine/core';
import { embedUrl } from './video';

export function VideoEmbed({ link, title = 'Video' }: { link: string; title?: string }) {
  const src = embedUrl(link);
  if (!src) {
    return (
      <Anchor href={link} target="_blank" rel="noopener noreferrer" style={{ wordBreak: 'break-all' }}>
        {link}
      </Anchor>
    );
  }
  return (
    <AspectRatio ratio={16 / 9} maw={640}>
      <iframe
        src={src}
        title={title}
        loading="lazy"
        allow="encrypted-media; picture-in-picture; fullscreen"
        allowFullScreen
        style={{ border: 0 }}
      />
    </AspectRatio>
  );
}
