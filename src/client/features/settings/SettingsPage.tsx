import { Tabs } from '@mantine/core';
import type { ComponentType } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import type { Me } from '../../../shared/schemas/auth';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { useMe } from '../../lib/auth';
import GeneralTab from './GeneralTab';
import { AchievementsTab, ClubsTab, LevelsTab, SeasonsTab } from './ReferenceTabs';
import AuditTab from './AuditTab';
import OutboxTab from './OutboxTab';
import ConsentWordingTab from './ConsentWordingTab';

export interface SettingsTab {
  /** Also the ?tab= value in the address, so a reload or a shared link opens the same tab. */
  value: string;
  label: string;
  Component: ComponentType;
  /** Shown to Superadmin only (the page itself is for admin roles). */
  superadminOnly?: boolean;
}

/** The tabs of the Settings page, in order. A new tab is one component plus one entry here. */
export const SETTINGS_TABS: SettingsTab[] = [
  { value: 'clubs', label: 'Clubs', Component: ClubsTab },
  { value: 'seasons', label: 'Seasons', Component: SeasonsTab },
  { value: 'levels', label: 'Levels', Component: LevelsTab },
  { value: 'achievements', label: 'Achievements', Component: AchievementsTab },
  { value: 'general', label: 'General', Component: GeneralTab },
  { value: 'consent', label: 'Consent wording', Component: ConsentWordingTab },
  { value: 'outbox', label: 'Mail outbox', Component: OutboxTab, superadminOnly: true },
  { value: 'audit', label: 'Audit log', Component: AuditTab, superadminOnly: true },
];

const visibleTabs = (me: Me) => SETTINGS_TABS.filter((t) => !t.superadminOnly || me.roleKey === 'superadmin');

/** /app/settings: reference data and global settings, for admin roles only. */
export default function SettingsPage() {
  const { data: me, isPending } = useMe();
  const [params, setParams] = useSearchParams();
  if (isPending) return <Loading />;
  if (!me?.admin) return <Navigate to="/app/unauthorized" replace />;

  const tabs = visibleTabs(me);
  const requested = params.get('tab');
  const active = tabs.find((t) => t.value === requested) ?? tabs[0]!;

  return (
    <>
      <PageHeader title="Settings" />
      <Tabs value={active.value} onChange={(v) => v && setParams({ tab: v }, { replace: true })} keepMounted={false} variant="pills">
        {/* Pills wrap onto a second row on phones, so every tab stays visible without sideways scrolling. */}
        <Tabs.List style={{ gap: 6 }}>
          {tabs.map((t) => (
            <Tabs.Tab key={t.value} value={t.value} py="sm">
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map((t) => (
          <Tabs.Panel key={t.value} value={t.value} pt="md">
            <t.Component />
          </Tabs.Panel>
        ))}
      </Tabs>
    </>
  );
}
