import { Button, Center, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { MSG } from '../../shared/messages';

function ErrorPage({ text, home }: { text: string; home: string }) {
  return (
    <Center py={80}>
      <Stack align="center">
        <Title order={1}>{text}</Title>
        <Button component={Link} to={home} variant="light">
          Go to the start page
        </Button>
      </Stack>
    </Center>
  );
}

export const UnauthorizedPage = ({ home = '/app/dashboard' }: { home?: string }) => <ErrorPage text={MSG.unauthorized} home={home} />;
export const NotFoundPage = ({ home = '/app/dashboard' }: { home?: string }) => <ErrorPage text={MSG.notFound} home={home} />;
