import type { ComponentProps } from 'react';
import { RepeatableList } from './RepeatableList';

type Props = Pick<ComponentProps<typeof RepeatableList>, 'values' | 'errors' | 'onChange' | 'inputStyles'>;

/** docs/product.md#validation: a new video link only once the last is filled; Remove when there is more than one. */
export function VideoLinksField(props: Props) {
  return (
    <RepeatableList
      label="Video Links"
      itemLabel="Video link"
      addLabel="Add another video link"
      placeholder="https://www.youtube.com/watch?v=…"
      {...props}
    />
  );
}
