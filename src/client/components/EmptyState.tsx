import { Center, Text } from '@mantine/core';
import { MSG } from '../../shared/messages';

export function EmptyState({ text = MSG.empty }: { text?: string }) {
  return (
    <Center py="xl">
      <Text fw={500}>{text}</Text>
    </Center>
  );
}
