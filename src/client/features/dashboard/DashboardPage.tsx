import { Title } from '@mantine/core';

/** SPEC §2: the staff index shows only the heading 'Dashboard'. */
export default function DashboardPage() {
  return <Title order={1}>Dashboard</Title>;
}
