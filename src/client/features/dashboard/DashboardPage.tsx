import { Title } from '@mantine/core';

/** docs/product.md#screens: the staff index shows only the heading 'Dashboard'. */
export default function DashboardPage() {
  return <Title order={1}>Dashboard</Title>;
}
