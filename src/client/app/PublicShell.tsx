import { Anchor, Container, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** Frame of the public pages; router-free so the lightweight public entry can use it too. */
export function PublicShell({ children }: { children: ReactNode }) {
  return (
    <>
      <header>
        <Container size="lg" py="sm">
          <Group justify="space-between">
            <Text fw={700}>Club Development</Text>
            <Anchor href="/login" size="sm">
              Sign in
            </Anchor>
          </Group>
        </Container>
      </header>
      <Container size="lg" component="main" pb="xl">
        {children}
      </Container>
    </>
  );
}
